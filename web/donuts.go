package web

import "github.com/labstack/echo/v4"

// donutsRoutes registers Donuts's pages.
func (s *Server) donutsRoutes(e *echo.Echo) {
	e.GET("/donuts", s.gameComing("donuts"))
}
