package media

// Home goods. Same unit-space conventions as shapes_wear.go.

// drawMug: glossy cylinder with elliptical rim and a ring handle behind it.
func drawMug(k *kit) {
	k.floor(0.03, 0.29, 0.24)
	k.add(ring(0.2, 0.03, 0.105, 0.026), k.main.scale(0.92), false, glossy)
	body := union(rbox(0, 0.035, 0.2, 0.215, 0), ellipse(0, -0.18, 0.2, 0.045), ellipse(0, 0.25, 0.2, 0.04))
	k.add(body, k.main, true, glossy)
	k.add(ellipse(0, -0.18, 0.184, 0.035), mix(k.main, dark, 0.55), false, shade{top: 0.8, bot: 1.1})
}

// drawBox: gift box in three-quarter view with ribbon and bow.
func drawBox(k *kit) {
	k.floor(0.03, 0.31, 0.3)
	k.add(poly(0.006, -0.27, -0.04, 0.12, -0.04, 0.12, 0.32, -0.27, 0.32), k.main, true, matte)
	k.add(poly(0.006, 0.12, -0.04, 0.29, -0.15, 0.29, 0.21, 0.12, 0.32), k.main.scale(0.72), true, matte)
	k.add(poly(0.006, -0.27, -0.04, -0.1, -0.15, 0.29, -0.15, 0.12, -0.04), k.main.scale(1.12), true, flat)
	rib := k.ribbon()
	k.add(poly(0, -0.095, -0.04, -0.055, -0.04, -0.055, 0.32, -0.095, 0.32), rib, false, matte)
	k.add(poly(0, -0.095, -0.04, -0.055, -0.04, 0.115, -0.15, 0.075, -0.15), rib.scale(1.08), false, flat)
	k.add(poly(0, -0.195, -0.088, -0.175, -0.102, 0.215, -0.102, 0.195, -0.088), rib.scale(1.08), false, flat)
	k.add(poly(0, 0.195, -0.088, 0.215, -0.102, 0.215, 0.258, 0.195, 0.272), rib.scale(0.75), false, matte)
	k.add(rotEllipse(-0.045, -0.13, 0.065, 0.032, 0.4), rib, false, matte)
	k.add(rotEllipse(0.065, -0.13, 0.065, 0.032, -0.4), rib, false, matte)
	k.add(rotEllipse(-0.045, -0.13, 0.035, 0.012, 0.4), rib.scale(0.6), false, flat)
	k.add(rotEllipse(0.065, -0.13, 0.035, 0.012, -0.4), rib.scale(0.6), false, flat)
	k.add(circle(0.01, -0.105, 0.022), rib.scale(0.9), false, matte)
}

// ribbon contrasts with a printed wrap, and uses the accent on plain paper.
func (k *kit) ribbon() rgb {
	if k.pat.kind == PrintPlain {
		return k.accent
	}
	return gold
}

// drawLamp: ceramic table lamp: glazed gourd base and a conical shade, both
// in the product's colour.
func drawLamp(k *kit) {
	k.floor(0, 0.34, 0.14)
	k.ceramicBase()
	cone := union(poly(0.008, -0.13, -0.37, 0.13, -0.37, 0.25, -0.07, -0.25, -0.07), ellipse(0, -0.07, 0.25, 0.03))
	k.add(cone, k.main, true, shade{top: 1.1, bot: 0.9, cyl: 0.3, rim: 0.12})
}

// drawBottle: glossy bottle with smooth shoulders, cap and label.
func drawBottle(k *kit) {
	k.floor(0, 0.35, 0.13)
	body := smooth(rbox(0, 0.1, 0.125, 0.25, 0.05), rbox(0, -0.25, 0.042, 0.13, 0.01), 0.09)
	k.add(body, k.main, false, glossy)
	label := shade{top: 1, bot: 0.95, cyl: 0.25}
	k.add(inter(body, rbox(0, 0.13, 0.2, 0.078, 0)), k.accent, false, label)
	k.add(inter(body, rbox(0, 0.13, 0.2, 0.064, 0)), cream, true, label)
	k.add(rbox(0, -0.325, 0.05, 0.008, 0.004), k.accent, false, glossy)
	k.add(rbox(0, -0.37, 0.048, 0.04, 0.01), dark, false, glossy)
}

// drawChair: upholstered chair, slightly from above, wooden legs.
func drawChair(k *kit) {
	k.floor(0, 0.38, 0.27)
	leg := wood
	if k.variant(2) == 1 && k.main.r+k.main.g+k.main.b > 3*90 {
		leg = dark // black legs only where they contrast with the upholstery
	}
	k.add(mirror(capsule(0.165, 0.05, 0.165, 0.3, 0.014)), leg.scale(0.8), false, matte)
	k.fabric(rbox(0, -0.2, 0.2, 0.16, 0.05))
	k.add(poly(0.025, -0.2, -0.01, 0.2, -0.01, 0.26, 0.1, -0.26, 0.1), k.main.scale(1.05), true, matte)
	k.add(rbox(0, 0.125, 0.265, 0.035, 0.02), k.main.scale(0.8), true, matte)
	k.add(mirror(capsule(0.225, 0.15, 0.235, 0.37, 0.017)), leg, false, matte)
}
