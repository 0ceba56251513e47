// Package locales embeds the language list and the UI string catalogs
// (one flat JSON object per language; en.json is the source of truth),
// shared by the Go server and the React views.
package locales

import "embed"

// FS holds languages.json and every <code>.json catalog.
//
//go:embed *.json
var FS embed.FS
