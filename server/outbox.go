package server

import (
	"html/template"
	"net/http"

	"github.com/labstack/echo/v4"

	"souk/app/mail"
)

var outboxTmpl = template.Must(template.New("outbox").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Outbox (development) | Souk</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:10px;padding:.75rem 1rem;margin:.75rem 0}
pre{white-space:pre-wrap;margin:.5rem 0 0}small{color:#666}</style></head>
<body><h1>Outbox</h1><p>Mail the store would have sent (DEV only), newest first. <a href="/dev/outbox.json">JSON</a></p>
{{range .}}<article><small>{{.At.Format "2006-01-02 15:04:05"}} · to {{.To}}</small><h2>{{.Subject}}</h2><pre>{{.Text}}</pre></article>
{{else}}<p>No mail yet.</p>{{end}}</body></html>`))

// outboxPage shows the development outbox so a developer can read codes.
func outboxPage(o *mail.Outbox) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Content-Type", "text/html; charset=utf-8")
		c.Response().WriteHeader(http.StatusOK)
		return outboxTmpl.Execute(c.Response(), o.List())
	}
}
