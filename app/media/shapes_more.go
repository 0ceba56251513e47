package media

// Further catalogue kinds, same unit-space conventions as shapes_wear.go.

// drawTrousers: front view with waistband, fly, pocket seams and button.
func drawTrousers(k *kit) {
	k.floor(0, 0.41, 0.2)
	legs := trouserLegs()
	k.fabric(legs)
	seam := k.main.scale(0.72)
	k.add(inter(legs, mirror(ring(-0.2, -0.37, 0.1, 0.004))), seam, false, flat)
	k.add(capsule(0.02, -0.33, 0.02, -0.2, 0.003), seam, false, flat)
	k.add(capsule(0.02, -0.2, 0.0, -0.15, 0.003), seam, false, flat)
	k.add(rbox(0, -0.36, 0.172, 0.025, 0.008), k.main.scale(0.88), true, matte)
	for _, x := range []float64{-0.13, -0.05, 0.05, 0.13} {
		k.add(rbox(x, -0.36, 0.008, 0.03, 0.004), k.main.scale(0.8), false, matte)
	}
	k.add(circle(0, -0.36, 0.011), gold, false, glossy)
}

// drawHat: fedora seen slightly from above: elliptical brim, tapered crown
// with a centre crease, and a band that follows the crown's curved base.
func drawHat(k *kit) {
	k.floor(0, 0.2, 0.3)
	k.add(ellipse(0, 0.12, 0.37, 0.085), k.main.scale(0.85), true, matte)
	crown := union(poly(0.06, -0.125, 0.12, -0.085, -0.16, 0.085, -0.16, 0.125, 0.12), ellipse(0, 0.12, 0.185, 0.045))
	crown = smoothSub(crown, ellipse(0, -0.25, 0.07, 0.05), 0.04)
	k.fabric(crown)
	above := union(ellipse(0, 0.07, 0.18, 0.045), rbox(0, -0.1, 0.3, 0.17, 0))
	k.add(sub(crown, above), k.accent, false, matte)
}

// drawSofa: three-seat sofa, front view, with cushions, a scatter pillow
// and short legs.
func drawSofa(k *kit) {
	k.floor(0, 0.25, 0.38)
	k.add(mirror(poly(0.004, 0.3, 0.19, 0.33, 0.19, 0.325, 0.25, 0.305, 0.25)), wood, false, matte)
	k.add(rbox(0, -0.06, 0.33, 0.15, 0.05), k.main.scale(0.9), true, matte)
	k.add(rbox(0, 0.15, 0.38, 0.05, 0.03), k.main.scale(0.82), true, matte)
	for _, x := range []float64{-0.18, 0, 0.18} {
		k.add(rbox(x, 0.07, 0.095, 0.05, 0.03), k.main.scale(1.04), true, matte)
	}
	k.add(mirror(rbox(0.34, 0.04, 0.065, 0.14, 0.05)), k.main, true, matte)
	k.add(poly(0.025, -0.243, -0.085, -0.135, -0.063, -0.157, 0.045, -0.265, 0.023), k.accent, false, matte)
}

// drawVase: glossy ceramic vase, bellied body and flared lip.
func drawVase(k *kit) {
	k.floor(0, 0.33, 0.14)
	body := smooth(ellipse(0, 0.12, 0.17, 0.21), rbox(0, -0.2, 0.06, 0.13, 0.02), 0.12)
	body = union(body, rbox(0, 0.3, 0.1, 0.03, 0.015), rbox(0, -0.33, 0.09, 0.022, 0.012))
	k.add(body, k.main, true, glossy)
	k.add(ellipse(0, -0.345, 0.07, 0.01), mix(k.main, dark, 0.6), false, flat)
}

// drawHeadphones: over-ear headphones, headband arching over two cups.
func drawHeadphones(k *kit) {
	k.floor(0, 0.3, 0.3)
	k.add(inter(ring(0, 0.02, 0.26, 0.028), rbox(0, -0.13, 0.3, 0.15, 0)), k.main, false, matte)
	k.add(inter(ring(0, 0.02, 0.228, 0.01), rbox(0, -0.13, 0.3, 0.13, 0)), k.main.scale(0.55), false, matte)
	k.add(mirror(capsule(0.26, 0.0, 0.26, 0.08, 0.011)), metal, false, glossy)
	k.add(mirror(rbox(0.205, 0.16, 0.03, 0.11, 0.03)), k.main.scale(0.5), false, matte) // cushions a shade of the shell
	k.add(mirror(rbox(0.26, 0.16, 0.06, 0.13, 0.055)), k.main, true, glossy)
}

// drawBook: hardcover standing in three-quarter view with page block and
// title label.
func drawBook(k *kit) {
	k.floor(0.02, 0.37, 0.24)
	k.add(poly(0.004, 0.18, -0.325, 0.245, -0.29, 0.245, 0.375, 0.18, 0.365), k.main.scale(0.7), false, matte)
	k.add(poly(0, 0.18, -0.31, 0.235, -0.28, 0.235, 0.362, 0.18, 0.35), cream, false, shade{top: 1, bot: 0.9, rim: 0.1})
	k.fabric(rbox(-0.02, 0.02, 0.2, 0.345, 0.012))
	k.add(rbox(-0.205, 0.02, 0.016, 0.345, 0.008), k.main.scale(0.75), false, matte)
	k.add(rbox(0, -0.14, 0.12, 0.06, 0.01), cream, false, flat)
	k.add(rbox(0, -0.155, 0.085, 0.01, 0.004), k.accent, false, flat)
	k.add(rbox(0, -0.125, 0.06, 0.007, 0.003), k.accent.scale(0.8), false, flat)
}
