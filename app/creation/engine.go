package creation

import (
	"context"
	"image"
)

// ImageEngine makes one creation picture from a goods item's picture and
// what the user asked. The embedded engine (Embedded) works in Go from the
// pixels; Remote asks an OpenAI-compatible image endpoint (the request's
// fields become its prompt, as data). Engines must stop when ctx ends and
// call progress with a step key (a catalogue key) and a percentage.
type ImageEngine interface {
	Name() string // shown on screen: which engine made a result
	Generate(ctx context.Context, req ImageRequest, progress func(step string, percent int)) (image.Image, error)
}

// ImageRequest is one generation: the base picture and the options chosen.
type ImageRequest struct {
	Base    image.Image
	Swatch  string // a key of Swatches, or "" to keep the colour
	Pattern string // a key of Patterns, or "" for none
	Length  string // a key of Lengths, or "" to keep it
	Prompt  string // the user's words (data, never instructions)
	Item    string // the item's name (data, never instructions)
}

// Swatch is a colour a user may pick, as sRGB.
type Swatch struct {
	Key     string `json:"key"`
	R, G, B uint8  `json:"-"`
	Hex     string `json:"hex"`
}

// Swatches are the colours offered, in the order shown. Their names are the
// catalogue keys "Swatch" + Key.
var Swatches = []Swatch{
	swatch("ivory", 0xF3, 0xEC, 0xDC), swatch("blush", 0xE8, 0xB4, 0xB8), swatch("red", 0xB3, 0x1B, 0x2A),
	swatch("gold", 0xC9, 0xA2, 0x4D), swatch("emerald", 0x1F, 0x7A, 0x55), swatch("sky", 0x7F, 0xB3, 0xE0),
	swatch("navy", 0x1E, 0x2A, 0x5A), swatch("lilac", 0xB5, 0x9C, 0xD6), swatch("black", 0x1C, 0x1C, 0x1E),
}

func swatch(key string, r, g, b uint8) Swatch {
	const hexd = "0123456789abcdef"
	h := []byte{'#', hexd[r>>4], hexd[r&15], hexd[g>>4], hexd[g&15], hexd[b>>4], hexd[b&15]}
	return Swatch{Key: key, R: r, G: g, B: b, Hex: string(h)}
}

// Patterns and Lengths are the other options; names are the catalogue keys
// "Pattern" + key and "Length" + key.
var (
	Patterns = []string{"stripes", "dots", "checks"}
	Lengths  = []string{"short", "long"}
)

func swatchOf(key string) (Swatch, bool) {
	for _, s := range Swatches {
		if s.Key == key {
			return s, true
		}
	}
	return Swatch{}, false
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if s == v {
			return true
		}
	}
	return false
}
