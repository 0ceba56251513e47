package media

import "math"

// Beauty, jewellery and sports goods. Same unit-space conventions as
// shapes_wear.go.

// glass is coloured glass: bright, rounded, with a specular streak.
var glass = shade{top: 1.1, bot: 0.86, cyl: 0.25, gloss: 0.4, rim: 0.1}

// drawPerfume: faceted glass perfume bottle with a gold collar and a
// heavy cap.
func drawPerfume(k *kit) {
	k.floor(0, 0.33, 0.22)
	k.add(rbox(0, -0.25, 0.085, 0.07, 0.012), gold, false, glossy)
	k.add(rbox(0, -0.165, 0.055, 0.02, 0.005), gold.scale(0.85), false, glossy)
	k.add(rbox(0, 0.1, 0.22, 0.22, 0.035), k.dim(0.82), false, glass)
	k.add(rbox(0, 0.1, 0.185, 0.185, 0.02), k.main, false, glass)
	k.add(rbox(-0.12, 0.06, 0.012, 0.12, 0.01), mix(k.main, rgb{255, 255, 255}, 0.45), false, flat)
	k.add(rbox(0, 0.14, 0.06, 0.022, 0.004), gold, false, glossy)
}

// drawDropper: serum bottle with a rubber-bulb dropper and a label.
func drawDropper(k *kit) {
	k.floor(0, 0.35, 0.15)
	k.add(rbox(0, -0.31, 0.038, 0.065, 0.037), dark, false, glossy)
	k.add(rbox(0, -0.205, 0.06, 0.045, 0.01), mix(dark, k.main, 0.25), false, glossy)
	body := smooth(rbox(0, 0.13, 0.14, 0.21, 0.04), rbox(0, -0.14, 0.05, 0.05, 0.01), 0.07)
	k.add(body, k.main, false, glass)
	k.add(inter(body, rbox(0, 0.15, 0.2, 0.06, 0)), cream, false, shade{top: 1, bot: 0.94, cyl: 0.22})
	k.add(rbox(0, 0.13, 0.07, 0.009, 0.004), k.accent, false, flat)
	k.add(rbox(0, 0.165, 0.05, 0.005, 0.003), k.accent.scale(0.8), false, flat)
}

// drawSpray: tall toner bottle with a mist pump.
func drawSpray(k *kit) {
	k.floor(0, 0.37, 0.13)
	k.add(rbox(0.045, -0.275, 0.02, 0.008, 0.004), cream.scale(0.85), false, flat)
	k.add(rbox(0, -0.27, 0.04, 0.035, 0.012), cream, false, glossy)
	k.add(rbox(0, -0.21, 0.055, 0.028, 0.008), metal, false, glossy)
	body := rbox(0, 0.1, 0.115, 0.27, 0.04)
	k.add(body, k.main, false, glass)
	k.add(inter(body, rbox(0, 0.14, 0.2, 0.05, 0)), cream, false, shade{top: 1, bot: 0.94, cyl: 0.22})
	k.add(rbox(0, 0.14, 0.06, 0.008, 0.004), k.accent, false, flat)
}

// drawLipstick: three lipsticks standing open, their cases and angled
// bullets in shades of the product's colour.
func drawLipstick(k *kit) {
	k.floor(0, 0.35, 0.3)
	for i, tone := range []float64{0.92, 1.05, 0.82} {
		x := -0.18 + 0.18*float64(i)
		top := -0.3 + 0.07*float64(i%2)
		k.solid(poly(0.01, x-0.05, top+0.17, x+0.05, top+0.17, x+0.05, top, x-0.05, top+0.07), tone, glossy)
		k.add(rbox(x, top+0.2, 0.056, 0.03, 0.004), gold, false, glossy)
		k.solid(rbox(x, (top+0.23+0.35)/2, 0.068, (0.35-top-0.23)/2, 0.01), tone*0.72, glossy)
	}
}

// drawBrushes: makeup brushes fanned out of a matching cup.
func drawBrushes(k *kit) {
	k.floor(0, 0.36, 0.17)
	for i := range 5 {
		a := -0.42 + 0.21*float64(i)
		l := 0.5 - 0.05*math.Abs(float64(i-2))
		x0, y0 := 0.0, 0.3
		x1, y1 := around(x0, y0, l-0.14, a)
		x2, y2 := around(x0, y0, l-0.09, a)
		hx, hy := around(x0, y0, l-0.02, a)
		tx, ty := around(x0, y0, l+0.05, a)
		k.solid(capsule(x0, y0, x1, y1, 0.014), 0.9+0.05*float64(i%2), glossy)
		k.add(capsule(x1, y1, x2, y2, 0.016), metal, false, glossy)
		w := 0.024 + 0.007*float64(i%3)
		head := smooth(capsule(x2, y2, hx, hy, 0.016), rotEllipse(hx, hy, 0.065, w, a-math.Pi/2), 0.03)
		k.solid(head, 0.6, matte)
		k.solid(inter(head, circle(tx, ty, 0.06)), 0.82, matte)
	}
	k.add(rbox(0, 0.22, 0.13, 0.13, 0.02), k.main, false, glossy)
	k.solid(ellipse(0, 0.09, 0.13, 0.022), 0.6, flat)
}

// drawPendant: a fine chain laid in a loop, threaded through the bail of a
// crescent-moon pendant.
func drawPendant(k *kit) {
	k.shadows = append(k.shadows, [5]float64{0.03, 0.29, 0.15, 0.05, 0.18})
	k.add(ellRing(0, -0.09, 0.2, 0.22, 0.0045), k.main, false, glossy)
	k.add(ring(0, 0.14, 0.022, 0.007), k.main, false, glossy)
	moon := sub(circle(0, 0.25, 0.13), circle(0.065, 0.2, 0.115))
	k.add(moon, k.main, false, shade{top: 1.2, bot: 0.75, rim: 0.25})
	k.add(inter(moon, circle(-0.07, 0.22, 0.03)), mix(k.main, rgb{255, 255, 255}, 0.35), false, flat)
}

// drawStuds: a pair of pearl stud earrings, one showing its post and back.
func drawStuds(k *kit) {
	k.shadows = append(k.shadows, [5]float64{-0.1, 0.16, 0.14, 0.05, 0.25}, [5]float64{0.16, 0.2, 0.17, 0.05, 0.25})
	pearl := shade{top: 1.15, bot: 0.8, cyl: 0.35, gloss: 0.45, rim: 0.2}
	k.add(capsule(0.14, 0.06, 0.3, 0.06, 0.008), metal, false, glossy)
	k.add(rotEllipse(0.29, 0.06, 0.018, 0.05, 0), metal, false, glossy)
	for _, p := range [][3]float64{{-0.12, -0.02, 0.13}, {0.13, 0.06, 0.115}} {
		k.add(circle(p[0], p[1], p[2]), k.main, false, pearl)
		k.add(ellipse(p[0]-p[2]*0.35, p[1]-p[2]*0.4, p[2]*0.22, p[2]*0.14), mix(k.main, rgb{255, 255, 255}, 0.6), false, flat)
	}
}

// drawHoops: a pair of chunky hoop earrings in three-quarter view.
func drawHoops(k *kit) {
	k.shadows = append(k.shadows, [5]float64{0, 0.3, 0.32, 0.05, 0.22})
	sh := shade{top: 1.15, bot: 0.8, cyl: 0.2, gloss: 0.4, rim: 0.15}
	k.add(sub(ellRing(0.13, 0.04, 0.13, 0.2, 0.024), rbox(0.13, -0.16, 0.012, 0.03, 0)), k.dim(0.9), false, sh)
	k.add(sub(ellRing(-0.12, 0.02, 0.14, 0.22, 0.026), rbox(-0.12, -0.2, 0.012, 0.03, 0)), k.main, false, sh)
	k.add(capsule(-0.12, -0.22, -0.09, -0.2, 0.005), metal, false, glossy)
}

// drawYogamat: a rolled yoga mat with its free end lying flat in front,
// the spiral showing at the roll's end, and a carrying strap.
func drawYogamat(k *kit) {
	k.floor(0, 0.34, 0.34)
	k.solid(poly(0.01, -0.3, 0.12, 0.2, 0.12, 0.26, 0.33, -0.36, 0.33), 1.04, shade{top: 1.0, bot: 0.9, rim: 0.08})
	k.solid(rbox(-0.05, 0.335, 0.31, 0.008, 0.004), 0.7, flat)
	roll := union(rbox(-0.04, 0.02, 0.26, 0.13, 0), ellipse(-0.3, 0.02, 0.05, 0.13))
	k.add(roll, k.main, false, shade{top: 1.15, bot: 0.72, rim: 0.08})
	k.solid(ellipse(0.22, 0.02, 0.07, 0.13), 0.86, matte)
	spiral := union(ellRing(0.22, 0.02, 0.05, 0.095, 0.004), ellRing(0.22, 0.02, 0.032, 0.062, 0.004),
		ellRing(0.22, 0.02, 0.016, 0.031, 0.004))
	k.solid(spiral, 0.62, flat)
	strap := mix(k.main, dark, 0.55)
	for _, x := range []float64{-0.2, 0.08} {
		k.add(rbox(x, 0.02, 0.016, 0.135, 0.004), strap, false, matte)
	}
}

// drawFlask: insulated steel water bottle: powder-coated body, steel band
// and a cap with a carry loop.
func drawFlask(k *kit) {
	k.floor(0, 0.38, 0.13)
	k.solid(inter(ring(0, -0.33, 0.045, 0.01), rbox(0, -0.36, 0.06, 0.04, 0)), 0.82, glossy)
	k.solid(rbox(0, -0.28, 0.085, 0.045, 0.02), 0.82, glossy)
	k.add(rbox(0, -0.22, 0.1, 0.02, 0.006), metal, false, glossy)
	k.add(rbox(0, 0.08, 0.125, 0.3, 0.07), k.main, false, shade{top: 1.06, bot: 0.86, cyl: 0.3, gloss: 0.12, rim: 0.1})
}

// drawCampchair: folding camping chair: fabric back and seat slung on an
// X frame, armrests and a cup holder.
func drawCampchair(k *kit) {
	k.floor(0, 0.39, 0.28)
	frame := dark.scale(1.2)
	k.add(union(capsule(-0.22, 0.38, 0.2, 0.05, 0.012), capsule(0.22, 0.38, -0.2, 0.05, 0.012)), frame, false, glossy)
	k.add(mirror(capsule(0.22, -0.39, 0.21, 0.38, 0.011)), frame, false, glossy)
	back := poly(0.02, -0.21, -0.37, 0.21, -0.37, 0.2, 0.02, 0, 0.05, -0.2, 0.02)
	k.fabric(back)
	k.solid(inter(back, hstripes(-0.37, 1, 0.02)), 0.8, matte)
	k.add(poly(0.02, -0.24, 0.0, 0.24, 0.0, 0.22, 0.12, 0, 0.15, -0.22, 0.12), k.dim(0.86), true, matte)
	k.solid(mirror(rbox(0.28, -0.04, 0.07, 0.018, 0.008)), 0.78, matte)
	k.solid(rbox(0.33, 0.02, 0.035, 0.05, 0.01), 0.7, matte)
}
