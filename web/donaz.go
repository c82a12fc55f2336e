package web

import "github.com/labstack/echo/v4"

// donazRoutes registers Donaz's pages.
func (s *Server) donazRoutes(e *echo.Echo) {
	e.GET("/donaz", s.gameComing("donaz"))
}
