//go:build !cgo && !nodynamic

package main

// Without the nodynamic tag the WebP encoder (github.com/gen2brain/webp)
// links purego's fake cgo, and a CGO_ENABLED=0 binary comes out dynamically
// linked against libc: it would not start in the static Docker image. This
// undefined name stops such a build; build with -tags nodynamic.
var _ = buildWithTagNodynamic
