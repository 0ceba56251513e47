package seed

import (
	"context"
	"image/color"
	"strconv"
	"strings"

	"souk/app/media"
	"souk/ent"
	"souk/ent/goodsimage"
)

// MediaSpec tells the media store how to draw a demo picture from its uid
// (<look>_<hex>_<goods uid>-<n>, the look being "<shape>" or
// "<shape>-<print>"). Only uids of stored images are drawn, so
// nobody can make the server render and keep arbitrary files.
func MediaSpec(db *ent.Client) func(uid string) (media.DemoSpec, bool) {
	return func(uid string) (media.DemoSpec, bool) {
		spec, ok := specOf(uid)
		if !ok {
			return media.DemoSpec{}, false
		}
		exists, err := db.GoodsImage.Query().Where(goodsimage.UIDEQ(uid)).Exist(context.Background())
		if err != nil || !exists {
			return media.DemoSpec{}, false
		}
		return spec, true
	}
}

// specOf decodes what a demo picture's uid says it shows.
func specOf(uid string) (media.DemoSpec, bool) {
	shapeName, rest, ok := strings.Cut(uid, "_")
	if !ok {
		return media.DemoSpec{}, false
	}
	hex, key, ok := strings.Cut(rest, "_")
	if !ok || len(hex) != 6 {
		return media.DemoSpec{}, false
	}
	shape, print, ok := media.ParseLook(shapeName)
	if !ok {
		return media.DemoSpec{}, false
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil {
		return media.DemoSpec{}, false
	}
	main := color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
	spec := media.SpecFromSeed(key, shape, main)
	spec.Print = print
	return spec, true
}
