package web

import "github.com/labstack/echo/v4"

// diamantRoutes registers Diamant's pages.
func (s *Server) diamantRoutes(e *echo.Echo) {
	e.GET("/diamant", s.gameComing("diamant"))
}
