package visual

import (
	"image"
	"math"
)

// Scene is a named picture of something a store of goods does not sell.
type Scene struct {
	Name string
	Img  *image.RGBA
}

// OutOfCatalogue draws side×side pictures of things no goods catalogue
// holds (landscapes, walls, pages, screens, crowds of shapes), for the
// evaluations' rejection check: search by image should answer them with
// "no similar goods". They are synthesised, so no photo is copied.
func OutOfCatalogue(side int) []Scene {
	kinds := []struct {
		name string
		px   func(u, v, n float64) [3]float64
	}{
		{"landscape", landscape},
		{"sunset-sea", sunsetSea},
		{"document", document},
		{"brick-wall", brickWall},
		{"night-city", nightCity},
		{"lawn", lawn},
		{"face", face},
		{"screenshot", screenshot},
		{"forest", forest},
		{"chessboard", chessboard},
		{"clouds", clouds},
		{"street", street},
	}
	out := make([]Scene, len(kinds))
	for i, k := range kinds {
		m := image.NewRGBA(image.Rect(0, 0, side, side))
		for y := range side {
			for x := range side {
				c := k.px((float64(x)+0.5)/float64(side), (float64(y)+0.5)/float64(side), hashNoise(x, y))
				p := m.Pix[y*m.Stride+4*x : y*m.Stride+4*x+4 : y*m.Stride+4*x+4]
				p[0], p[1], p[2], p[3] = to8(c[0]), to8(c[1]), to8(c[2]), 255
			}
		}
		out[i] = Scene{k.name, m}
	}
	return out
}

func mix(a, b [3]float64, t float64) [3]float64 {
	t = clamp(t, 0, 1)
	return [3]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

func landscape(u, v, n float64) [3]float64 {
	hill := 0.6 + 0.08*math.Sin(u*7) + 0.04*math.Sin(u*17+1)
	if (u-0.75)*(u-0.75)+(v-0.2)*(v-0.2) < 0.006 {
		return [3]float64{255, 236, 150}
	}
	if v < hill {
		return mix([3]float64{90, 150, 230}, [3]float64{200, 225, 245}, v/hill)
	}
	return mix([3]float64{110, 170, 70}, [3]float64{50, 100, 40}, (v-hill)*2+0.1*n)
}

func sunsetSea(u, v, n float64) [3]float64 {
	if v < 0.55 {
		return mix([3]float64{250, 120, 60}, [3]float64{255, 210, 120}, v/0.55)
	}
	w := 0.5 + 0.5*math.Sin(v*120+u*6)
	return mix([3]float64{30, 50, 90}, [3]float64{80, 90, 120}, w*0.4+0.1*n)
}

func document(u, v, n float64) [3]float64 {
	line := math.Mod(v*28, 1) < 0.28 && v > 0.1 && v < 0.9 && u > 0.1 && u < 0.9-0.3*b2f(math.Mod(v*28/7, 1) > 0.85)
	word := math.Sin(u*90+math.Floor(v*28)*3) > -0.7
	if line && word {
		return [3]float64{40, 40, 45}
	}
	return [3]float64{250 + 3*n, 250 + 3*n, 247}
}

func brickWall(u, v, n float64) [3]float64 {
	row := math.Floor(v * 12)
	off := 0.5 * math.Mod(row, 2)
	if math.Mod(v*12, 1) < 0.12 || math.Mod(u*6+off, 1) < 0.05 {
		return [3]float64{200, 195, 185}
	}
	k := 0.85 + 0.1*math.Sin(row*3+math.Floor(u*6+off)*5) + 0.05*n
	return [3]float64{165 * k, 70 * k, 50 * k}
}

func nightCity(u, v, n float64) [3]float64 {
	col := math.Floor(u * 9)
	top := 0.3 + 0.4*math.Abs(math.Sin(col*12.9898))
	if v > top {
		if math.Mod(u*54, 1) < 0.45 && math.Mod(v*40, 1) < 0.5 && math.Sin(col*7+math.Floor(v*40)*3+math.Floor(u*54)) > 0.2 {
			return [3]float64{250, 210, 110}
		}
		return [3]float64{25, 25, 35}
	}
	return mix([3]float64{10, 15, 50}, [3]float64{40, 40, 90}, v/top+0.05*n)
}

func lawn(u, v, n float64) [3]float64 {
	k := 0.8 + 0.25*n + 0.1*math.Sin(u*200+v*30)
	return [3]float64{70 * k, 140 * k, 50 * k}
}

func face(u, v, n float64) [3]float64 {
	dx, dy := (u-0.5)/0.3, (v-0.5)/0.4
	if dx*dx+dy*dy < 1 {
		for _, e := range [2]float64{0.4, 0.6} {
			if (u-e)*(u-e)+(v-0.42)*(v-0.42) < 0.0012 {
				return [3]float64{50, 35, 30}
			}
		}
		if math.Abs(v-0.65) < 0.015 && math.Abs(u-0.5) < 0.08 {
			return [3]float64{170, 70, 70}
		}
		return [3]float64{225 - 20*dy, 180 - 20*dy, 150}
	}
	if dy < -0.6 || (dx*dx+dy*dy < 1.3 && dy < 0.2) {
		return [3]float64{60, 40, 25}
	}
	return [3]float64{120 + 10*n, 160, 190}
}

func screenshot(u, v, n float64) [3]float64 {
	switch {
	case v < 0.1:
		return [3]float64{30, 110, 220}
	case u < 0.25 && v > 0.1:
		return [3]float64{240, 242, 245}
	case math.Mod(v*8, 1) < 0.7 && u > 0.3 && u < 0.95 && math.Mod(v*8, 1) > 0.2:
		if u < 0.42 {
			return [3]float64{200, 205, 215}
		}
		if math.Mod(v*8*3, 1) < 0.4 && u < 0.85 {
			return [3]float64{120, 125, 135}
		}
	}
	return [3]float64{255, 255, 255}
}

func forest(u, v, n float64) [3]float64 {
	t := math.Mod(u*7+0.3*math.Sin(u*3), 1)
	if t < 0.12 {
		return [3]float64{90 + 10*n, 60, 40}
	}
	k := 0.7 + 0.3*math.Abs(math.Sin(u*40+v*33)) + 0.1*n
	return [3]float64{40 * k, 110 * k, 50 * k}
}

func chessboard(u, v, n float64) [3]float64 {
	if (int(u*8)+int(v*8))%2 == 0 {
		return [3]float64{235, 215, 180}
	}
	return [3]float64{120, 80, 50}
}

func clouds(u, v, n float64) [3]float64 {
	c := 0.5 + 0.25*math.Sin(u*9+math.Sin(v*7)*2) + 0.25*math.Sin(v*11+math.Sin(u*5)*2) + 0.05*n
	return mix([3]float64{70, 130, 220}, [3]float64{245, 248, 252}, c*c*1.4)
}

func street(u, v, n float64) [3]float64 {
	switch {
	case v < 0.45:
		return mix([3]float64{150, 190, 235}, [3]float64{220, 230, 240}, v/0.45)
	case v < 0.55:
		return [3]float64{160 + 20*math.Sin(u*30), 150, 140}
	}
	if math.Abs(u-0.5) < 0.01+0.05*(v-0.55) && math.Mod(v*10, 1) < 0.5 {
		return [3]float64{240, 240, 230}
	}
	return [3]float64{85 + 8*n, 85 + 8*n, 90}
}
