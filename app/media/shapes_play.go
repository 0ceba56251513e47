package media

// Toys and stationery. Same unit-space conventions as shapes_wear.go.

// cube draws a block in three-quarter view: front, lit top, shaded side.
func (k *kit) cube(cx, cy, s, tone float64) {
	d := s * 0.45
	k.solid(poly(0.004, cx-s, cy-s, cx-s+d, cy-s-d, cx+s+d, cy-s-d, cx+s, cy-s), tone*1.12, flat)
	k.solid(poly(0.004, cx+s, cy-s, cx+s+d, cy-s-d, cx+s+d, cy+s-d, cx+s, cy+s), tone*0.74, matte)
	k.solid(rbox(cx, cy, s, s, 0.006), tone, matte)
}

// drawBlocks: painted wooden building blocks stacked into a small tower,
// with toy symbols on their faces.
func drawBlocks(k *kit) {
	k.floor(0.02, 0.35, 0.32)
	const s = 0.082
	tones := []float64{1, 0.84, 1.08, 0.92, 1.02}
	pos := [][2]float64{{-0.19, 0.26}, {0, 0.26}, {0.19, 0.26}, {-0.095, 0.09}, {0.095, 0.09}}
	marks := []sdf{ring(0, 0, 0.04, 0.009), poly(0.004, 0, -0.045, 0.045, 0.035, -0.045, 0.035),
		sub(rbox(0, 0, 0.04, 0.04, 0.004), rbox(0, 0, 0.024, 0.024, 0.002)), circle(0, 0, 0.035), ring(0, 0, 0.04, 0.009)}
	for i, p := range pos {
		k.cube(p[0], p[1], s, tones[i])
		k.solid(shift(marks[i], p[0], p[1]), tones[i]*0.72, flat)
	}
	roof := poly(0.006, -s, -0.08+s, s, -0.08+s, 0, -0.08-s)
	k.solid(poly(0.004, 0, -0.08-s, 0.037, -0.08-s-0.037, s+0.037, -0.08+s-0.037, s, -0.08+s), 0.74, matte)
	k.add(roof, wood.scale(1.35), false, matte)
}

// drawTeddy: sitting teddy bear with round ears, a light muzzle and paws,
// and a bow tie.
func drawTeddy(k *kit) {
	k.floor(0, 0.38, 0.24)
	light := 1.15
	k.solid(mirror(circle(0.135, -0.3, 0.065)), 0.95, matte)
	k.solid(mirror(circle(0.135, -0.3, 0.034)), light, matte)
	k.solid(mirror(rotEllipse(0.19, 0.07, 0.06, 0.11, -0.5)), 0.92, matte)
	k.solid(ellipse(0, 0.16, 0.165, 0.19), 1, matte)
	k.solid(ellipse(0, 0.18, 0.09, 0.11), light, matte)
	k.solid(mirror(ellipse(0.12, 0.31, 0.08, 0.065)), 0.95, matte)
	k.solid(mirror(ellipse(0.13, 0.32, 0.048, 0.04)), light, matte)
	k.solid(circle(0, -0.17, 0.155), 1, matte)
	k.solid(ellipse(0, -0.115, 0.072, 0.055), light, matte)
	k.add(ellipse(0, -0.14, 0.026, 0.018), dark, false, glossy)
	k.add(union(capsule(0, -0.125, 0, -0.1, 0.004), capsule(0, -0.1, -0.02, -0.09, 0.004), capsule(0, -0.1, 0.02, -0.09, 0.004)), dark, false, flat)
	k.add(mirror(circle(0.058, -0.2, 0.015)), dark, false, glossy)
	k.add(union(rotEllipse(-0.035, -0.015, 0.035, 0.02, 0.3), rotEllipse(0.035, -0.015, 0.035, 0.02, -0.3)), k.accent, false, matte)
	k.add(circle(0, -0.015, 0.013), k.accent.scale(0.85), false, matte)
}

// drawTrain: wooden toy locomotive pulling a wagon on a wooden track.
func drawTrain(k *kit) {
	k.floor(0, 0.32, 0.38)
	track := wood.scale(1.4)
	k.add(rbox(0, 0.3, 0.4, 0.025, 0.008), track, false, matte)
	k.add(union(capsule(-0.4, 0.293, 0.4, 0.293, 0.003), capsule(-0.4, 0.307, 0.4, 0.307, 0.003)), track.scale(0.8), false, flat)
	k.solid(rbox(-0.24, 0.13, 0.12, 0.08, 0.015), 0.88, matte)
	for _, x := range []float64{-0.29, -0.19} {
		k.solid(circle(x, 0.025, 0.045), 1.08, matte)
	}
	k.solid(capsule(-0.12, 0.19, -0.06, 0.19, 0.01), 0.6, flat)
	k.solid(rbox(0.12, 0.175, 0.21, 0.04, 0.01), 0.76, matte)
	k.solid(rbox(0.2, 0.07, 0.13, 0.075, 0.07), 1, matte)
	k.solid(rbox(0.25, -0.05, 0.025, 0.055, 0.008), 0.82, matte)
	k.solid(rbox(0.25, -0.11, 0.035, 0.012, 0.006), 0.7, matte)
	k.solid(rbox(0.0, 0.0, 0.085, 0.16, 0.015), 1.04, matte)
	k.solid(rbox(0.0, -0.165, 0.105, 0.02, 0.01), 0.72, matte)
	k.solid(rbox(0.0, -0.06, 0.045, 0.04, 0.008), 0.5, flat)
	for _, x := range []float64{-0.3, -0.18, -0.03, 0.1, 0.23} {
		k.add(circle(x, 0.23, 0.048), wood, false, matte)
		k.add(circle(x, 0.23, 0.014), dark, false, flat)
	}
}

// drawPaintbox: an open watercolour tin: the lid with mixing wells raised
// behind a tray of colour pans, and a brush.
func drawPaintbox(k *kit) {
	k.floor(0, 0.33, 0.34)
	k.solid(rbox(0, -0.17, 0.31, 0.17, 0.02), 0.9, glossy)
	k.solid(rbox(0, -0.17, 0.28, 0.145, 0.015), 1.06, flat)
	for i := range 3 {
		k.solid(ellipse(-0.17+0.17*float64(i), -0.17, 0.07, 0.09), 0.92, shade{top: 0.9, bot: 1.05})
	}
	k.solid(poly(0.01, -0.31, 0.02, 0.31, 0.02, 0.33, 0.22, -0.33, 0.22), 1, matte)
	k.solid(rbox(0, 0.26, 0.33, 0.045, 0.012), 0.8, matte)
	pans := []rgb{{214, 40, 40}, {240, 140, 30}, {245, 205, 50}, {60, 160, 80}, {40, 110, 200}, {120, 60, 160},
		{235, 120, 160}, {140, 90, 50}, {30, 30, 34}, {90, 190, 200}, {170, 200, 60}, {200, 60, 100}}
	for i, c := range pans {
		col, row := i%6, i/6
		x := -0.24 + 0.096*float64(col) + 0.012*float64(row)*float64(col-3)/3
		y := 0.07 + 0.085*float64(row)
		k.add(rbox(x, y, 0.036, 0.028, 0.008), c, false, shade{top: 1.05, bot: 0.9, rim: 0.2})
	}
	k.add(capsule(-0.3, 0.34, 0.12, 0.3, 0.008), wood.scale(1.3), false, glossy)
	k.add(capsule(0.12, 0.3, 0.17, 0.295, 0.009), metal, false, glossy)
	k.add(rotEllipse(0.2, 0.292, 0.035, 0.011, -0.1), dark, false, matte)
}

// drawJournal: a leather journal standing in three-quarter view, with an
// elastic closure, a debossed border and a ribbon marker.
func drawJournal(k *kit) {
	k.floor(0.02, 0.37, 0.24)
	k.add(poly(0, 0.05, 0.36, 0.08, 0.36, 0.1, 0.43, 0.065, 0.42), k.accent, false, matte)
	k.solid(poly(0.004, 0.18, -0.325, 0.245, -0.29, 0.245, 0.375, 0.18, 0.365), 0.7, matte)
	k.add(poly(0, 0.18, -0.31, 0.235, -0.28, 0.235, 0.362, 0.18, 0.35), cream, false, shade{top: 1, bot: 0.9, rim: 0.1})
	k.fabric(rbox(-0.02, 0.02, 0.2, 0.345, 0.02))
	k.solid(sub(rbox(-0.02, 0.02, 0.17, 0.31, 0.012), rbox(-0.02, 0.02, 0.164, 0.304, 0.01)), 0.8, flat)
	k.add(rbox(0.14, 0.02, 0.013, 0.35, 0.003), mix(k.main, dark, 0.6), false, matte)
}

// drawPen: fountain pen with its nib uncapped, the cap lying beside it,
// both turned on the diagonal.
func drawPen(k *kit) {
	k.shadows = append(k.shadows, [5]float64{0.02, 0.2, 0.34, 0.06, 0.18})
	trim := gold
	if d := gold.sub(k.main); d.r*d.r+d.g*d.g+d.b*d.b < 70*70 {
		trim = metal
	}
	const a = -0.5
	t := func(s sdf) sdf { return turn(s, 0, 0, a) }
	sh := shade{top: 1.2, bot: 0.7, gloss: 0.2, rim: 0.1}
	k.add(t(capsule(-0.36, 0.07, 0.1, 0.07, 0.038)), k.main, false, sh)
	k.add(t(rbox(0.015, 0.07, 0.008, 0.039, 0.002)), trim, false, glossy)
	k.add(t(poly(0.006, 0.1, 0.035, 0.19, 0.05, 0.19, 0.09, 0.1, 0.105)), dark, false, glossy)
	k.add(t(poly(0.004, 0.185, 0.045, 0.33, 0.07, 0.185, 0.095)), trim, false, glossy)
	k.add(t(capsule(0.2, 0.07, 0.31, 0.07, 0.002)), dark, false, flat)
	k.add(t(circle(0.215, 0.07, 0.006)), dark, false, flat)
	k.add(t(capsule(-0.3, -0.08, 0.07, -0.08, 0.042)), k.main, false, sh)
	k.add(t(rbox(0.05, -0.08, 0.012, 0.043, 0.002)), trim, false, glossy)
	k.add(t(union(rbox(-0.14, -0.125, 0.14, 0.008, 0.006), circle(0.0, -0.125, 0.011))), trim, false, glossy)
}

// drawOfficechair: ergonomic office chair: mesh back on a spine, cushioned
// seat, armrests, gas lift and a five-star base on casters.
func drawOfficechair(k *kit) {
	k.floor(0, 0.38, 0.28)
	frame := k.dim(0.55)
	if k.main.r+k.main.g+k.main.b < 3*70 {
		frame = k.dim(1.6)
	}
	k.add(rbox(0, 0.21, 0.018, 0.07, 0.006), metal, false, glossy)
	for _, p := range [][2]float64{{-0.26, 0.33}, {0.26, 0.33}, {-0.13, 0.36}, {0.13, 0.36}, {0, 0.345}} {
		k.add(capsule(0, 0.28, p[0], p[1], 0.016), frame, false, glossy)
		k.add(circle(p[0], p[1]+0.022, 0.022), dark, false, glossy)
	}
	k.solid(capsule(0, -0.05, 0, 0.08, 0.022), 0.6, matte)
	k.solid(rbox(0, -0.2, 0.18, 0.19, 0.09), 0.7, matte)
	mesh := rbox(0, -0.2, 0.16, 0.17, 0.08)
	k.solid(mesh, 1, matte)
	k.solid(inter(mesh, union(stripes(0, 0.016, 0.0018), hstripes(0, 0.016, 0.0018))), 0.8, flat)
	k.add(mirror(capsule(0.215, 0.02, 0.215, 0.1, 0.012)), frame, false, matte)
	k.add(mirror(rbox(0.215, 0.01, 0.035, 0.014, 0.01)), frame, false, matte)
	k.solid(rbox(0, 0.11, 0.2, 0.045, 0.04), 0.95, matte)
	k.solid(ellipse(0, 0.095, 0.17, 0.022), 1.08, flat)
}

// drawOrganiser: desk organiser with three compartments of different
// heights holding pens, a ruler and a note pad.
func drawOrganiser(k *kit) {
	k.floor(0, 0.35, 0.3)
	for i, c := range []rgb{k.accent, cream, dark} {
		x := -0.2 + 0.035*float64(i)
		k.add(capsule(x, -0.05, x+0.02*float64(i-1)*3, -0.37+0.03*float64(i), 0.011), c, false, glossy)
	}
	k.add(rbox(0.03, -0.08, 0.02, 0.14, 0.003), cream, false, flat)
	k.add(rbox(0.18, 0.13, 0.07, 0.02, 0.004), k.accent, false, flat)
	comps := [][4]float64{{-0.18, 0.05, 0.1, 0.29}, {0.02, 0.13, 0.1, 0.21}, {0.2, 0.21, 0.1, 0.13}}
	for i, c := range comps {
		tone := []float64{1, 0.92, 1.04}[i]
		k.solid(rbox(c[0], c[1], c[2], c[3], 0.012), tone, matte)
		k.solid(inter(rbox(c[0], c[1], c[2], c[3], 0.012), hstripes(0, 0.05, 0.0018)), tone*0.88, flat)
		k.solid(rbox(c[0], c[1]-c[3]+0.02, c[2]-0.015, 0.012, 0.006), 0.4, flat)
	}
}

// drawTapes: a set of washi tape rolls stacked in a pyramid, in shades of
// the product's colour, their cardboard cores showing.
func drawTapes(k *kit) {
	k.floor(0, 0.3, 0.34)
	core := rgb{214, 190, 150}
	rolls := [][4]float64{{-0.2, 0.18, 0.105, 1}, {0, 0.18, 0.105, 0.84}, {0.2, 0.18, 0.105, 1.08},
		{-0.1, -0.02, 0.1, 0.92}, {0.1, -0.02, 0.1, 1.04}, {0, -0.21, 0.095, 0.86}}
	for _, r := range rolls {
		x, y, rad, tone := r[0], r[1], r[2], r[3]
		k.solid(sub(circle(x, y, rad), circle(x, y, rad*0.62)), tone, matte)
		k.solid(ring(x, y, rad*0.985, 0.0025), tone*0.82, flat)
		k.add(sub(circle(x, y, rad*0.64), circle(x, y, rad*0.56)), core, false, matte)
	}
	end := poly(0.004, 0.2+0.1, 0.18, 0.2+0.11, 0.18, 0.33, 0.33, 0.29, 0.34)
	k.solid(end, 1.05, flat)
}
