package media

// Footwear and bags. Same unit-space conventions as shapes_wear.go.

// drawBoot: suede Chelsea boot in profile, toe to the right: elastic side
// gusset, pull tab, stacked heel and a dark sole.
func drawBoot(k *kit) {
	k.floor(0.02, 0.37, 0.34)
	k.solid(rbox(-0.255, -0.335, 0.018, 0.04, 0.01), 0.8, matte)
	shaft := rbox(-0.17, -0.03, 0.13, 0.3, 0.05)
	foot := union(ellipse(0.2, 0.25, 0.16, 0.1), rbox(-0.05, 0.26, 0.25, 0.09, 0.05))
	upper := smooth(shaft, foot, 0.16)
	k.fabric(upper)
	gusset := poly(0.01, -0.21, -0.34, -0.09, -0.34, -0.15, 0.04)
	k.solid(inter(upper, gusset), 0.55, matte)
	k.solid(inter(inter(upper, gusset), stripes(0, 0.014, 0.0025)), 0.42, flat)
	k.solid(inter(upper, capsule(-0.3, 0.315, 0.36, 0.315, 0.0025)), 0.7, flat)
	k.add(union(rbox(0.05, 0.357, 0.31, 0.016, 0.014), rbox(-0.235, 0.35, 0.065, 0.03, 0.006)), dark, false, matte)
}

// drawFlat: a pair of leather ballet flats from above: rounded toe boxes,
// the insoles showing through the low openings, a bow on each vamp.
func drawFlat(k *kit) {
	for i, x := range []float64{-0.13, 0.13} {
		a := -0.1 * float64(1-2*i)
		t := func(s sdf) sdf { return turn(s, x, 0, a) }
		k.shadows = append(k.shadows, [5]float64{x + 0.015, 0.03, 0.13, 0.36, 0.25})
		shoe := smooth(ellipse(x, -0.13, 0.1, 0.19), ellipse(x, 0.19, 0.085, 0.14), 0.25)
		k.solid(t(shoe), 1, matte)
		opening := ellipse(x, 0.135, 0.064, 0.165)
		k.solid(t(opening), 0.62, shade{top: 0.9, bot: 1.0})
		k.solid(t(union(rotEllipse(x-0.03, -0.045, 0.032, 0.015, 0.35), rotEllipse(x+0.03, -0.045, 0.032, 0.015, -0.35))), 0.82, matte)
		k.solid(t(circle(x, -0.045, 0.012)), 0.72, matte)
	}
}

// drawSandal: a pair of leather sandals from above: footbeds with wide
// crossing straps and a buckled ankle strap.
func drawSandal(k *kit) {
	for _, x := range []float64{-0.13, 0.13} {
		k.shadows = append(k.shadows, [5]float64{x + 0.015, 0.02, 0.12, 0.36, 0.25})
	}
	sole := smooth(ellipse(0, -0.14, 0.095, 0.18), ellipse(0, 0.2, 0.08, 0.13), 0.25)
	for i, x := range []float64{-0.13, 0.13} {
		s := shift(sole, x, 0)
		k.solid(s, 0.78, matte)
		k.solid(shift(smooth(ellipse(0, -0.14, 0.08, 0.165), ellipse(0, 0.2, 0.066, 0.115), 0.25), x, 0), 1.02, shade{top: 1.05, bot: 0.92})
		dir := float64(2*i - 1)
		straps := union(
			rotEllipse(x, -0.17, 0.105, 0.032, dir*0.35),
			rotEllipse(x, -0.08, 0.1, 0.028, -dir*0.35),
			rbox(x, 0.16, 0.095, 0.018, 0.01),
		)
		k.solid(straps, 0.82, matte)
		k.add(rbox(x+dir*0.07, 0.16, 0.014, 0.022, 0.004), gold, false, glossy)
	}
}

// drawTote: open leather tote with two long handles and riveted tabs.
func drawTote(k *kit) {
	k.floor(0, 0.34, 0.3)
	handle := func(cx, tone float64) {
		k.solid(inter(ellRing(cx, -0.1, 0.12, 0.25, 0.014), rbox(cx, -0.25, 0.2, 0.15, 0)), tone, matte)
	}
	handle(0.03, 0.6)
	k.solid(ellipse(0, -0.1, 0.27, 0.025), 0.42, flat)
	k.fabric(poly(0.02, -0.27, -0.1, 0.27, -0.1, 0.3, 0.33, -0.3, 0.33))
	k.solid(poly(0.01, 0.2, -0.1, 0.27, -0.1, 0.3, 0.33, 0.22, 0.33), 0.86, matte)
	handle(0, 0.75)
	k.solid(mirror(rbox(0.12, -0.08, 0.022, 0.035, 0.005)), 0.75, matte)
	k.add(mirror(circle(0.12, -0.07, 0.007)), gold, false, glossy)
	k.solid(inter(capsule(-0.27, -0.085, 0.27, -0.085, 0.0022), dashes(0.016, 0.6)), 0.7, flat)
}

// drawBackpack: front view with shoulder straps behind and a top handle;
// a buckled flap on some, a zipped front pocket and compression straps on
// others.
func drawBackpack(k *kit) {
	k.floor(0, 0.36, 0.24)
	k.solid(mirror(capsule(0.19, -0.24, 0.245, 0.22, 0.03)), 0.62, matte)
	k.solid(inter(ring(0, -0.32, 0.055, 0.011), rbox(0, -0.36, 0.08, 0.05, 0)), 0.7, matte)
	body := rbox(0, 0.02, 0.21, 0.33, 0.1)
	k.fabric(body)
	k.solid(inter(body, rbox(0, 0.31, 0.22, 0.05, 0)), 0.76, matte)
	strap := mix(k.main, dark, 0.5)
	if k.variant(2) == 0 {
		k.add(rbox(0, -0.15, 0.2, 0.15, 0.09), k.dim(0.92), true, matte)
		k.add(mirror(rbox(0.09, -0.02, 0.018, 0.14, 0.004)), strap, false, matte)
		k.add(mirror(rbox(0.09, 0.1, 0.026, 0.02, 0.004)), gold, false, glossy)
		k.add(mirror(rbox(0.09, 0.1, 0.016, 0.011, 0.002)), strap, false, flat)
		return
	}
	k.solid(rbox(0, 0.17, 0.15, 0.12, 0.06), 0.9, matte)
	k.add(capsule(-0.12, 0.09, 0.12, 0.09, 0.004), dark, false, flat)
	k.add(capsule(-0.16, -0.15, 0.16, -0.15, 0.004), dark, false, flat)
	k.add(rbox(0.1, 0.1, 0.008, 0.022, 0.003), metal, false, glossy)
	k.add(mirror(rbox(0.17, -0.05, 0.05, 0.012, 0.004)), strap, false, matte)
	k.add(mirror(rbox(0.13, -0.05, 0.014, 0.02, 0.004)), dark, false, glossy)
}

// drawCrossbody: small flap bag on a long thin strap with metal rings and a
// gold clasp.
func drawCrossbody(k *kit) {
	k.floor(0, 0.34, 0.24)
	k.solid(inter(ellRing(0, -0.02, 0.19, 0.4, 0.008), rbox(0, -0.22, 0.25, 0.21, 0)), 0.72, matte)
	k.add(mirror(ring(0.19, 0.0, 0.016, 0.004)), metal, false, glossy)
	k.fabric(rbox(0, 0.17, 0.22, 0.16, 0.045))
	k.add(poly(0.02, -0.22, 0.01, 0.22, 0.01, 0.22, 0.15, 0, 0.23, -0.22, 0.15), k.dim(0.92), true, matte)
	k.add(circle(0, 0.21, 0.02), gold, false, glossy)
	k.add(circle(0, 0.21, 0.008), gold.scale(0.75), false, flat)
}

// drawDuffel: weekender barrel bag in three-quarter view: end panel, zip
// along the top, leather straps running round it into two handles.
func drawDuffel(k *kit) {
	k.floor(0, 0.27, 0.38)
	leather := mix(k.main, dark, 0.45)
	for _, x := range []float64{-0.13, 0.09} {
		k.add(inter(ellRing(x, -0.04, 0.1, 0.09, 0.012), rbox(x, -0.1, 0.12, 0.06, 0)), leather, false, matte)
	}
	body := rbox(-0.03, 0.1, 0.33, 0.15, 0.13)
	k.fabric(body)
	k.solid(ellipse(0.28, 0.1, 0.065, 0.145), 0.82, matte)
	k.solid(inter(body, rbox(-0.03, 0.23, 0.34, 0.02, 0)), 0.78, matte)
	k.add(capsule(-0.3, -0.04, 0.25, -0.04, 0.005), dark, false, flat)
	k.add(rbox(0.18, -0.025, 0.01, 0.02, 0.003), metal, false, glossy)
	for _, x := range []float64{-0.13, 0.09} {
		k.add(inter(body, rbox(x-0.1, 0.1, 0.016, 0.2, 0)), leather, false, matte)
		k.add(inter(body, rbox(x+0.1, 0.1, 0.016, 0.2, 0)), leather, false, matte)
	}
}

// drawWallet: open bifold wallet with card slots, cards peeking out and
// stitched edges.
func drawWallet(k *kit) {
	k.floor(0, 0.21, 0.34)
	k.fabric(rbox(0, 0, 0.36, 0.19, 0.02))
	k.solid(rbox(0.18, 0.0, 0.17, 0.17, 0.012), 0.9, matte)
	for i, c := range []rgb{k.accent, cream, metal} {
		y := -0.12 + 0.065*float64(i)
		k.add(rbox(0.185, y-0.01, 0.14, 0.02, 0.006), c, false, flat)
		k.solid(rbox(0.18, y+0.03, 0.165, 0.03, 0.004), 0.95-0.03*float64(i), matte)
	}
	k.solid(rbox(-0.18, 0.05, 0.16, 0.1, 0.01), 0.92, matte)
	k.solid(capsule(0, -0.19, 0, 0.19, 0.005), 0.6, flat)
	stitch := inter(union(capsule(-0.34, -0.172, 0.34, -0.172, 0.0022), capsule(-0.34, 0.172, 0.34, 0.172, 0.0022)), dashes(0.016, 0.6))
	k.solid(stitch, 0.65, flat)
}
