package api

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v4"
)

// OpenAPI is the API reference (OpenAPI 3.1), kept beside the handlers it
// describes; a test fails when a registered call is missing from it.
//
//go:embed openapi.json
var OpenAPI []byte

// Docs serves the reference.
func Docs(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=300")
	return c.Blob(http.StatusOK, "application/json; charset=utf-8", OpenAPI)
}
