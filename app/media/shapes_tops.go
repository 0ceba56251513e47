package media

// Tops and outerwear, front view. Same unit-space conventions as
// shapes_wear.go: origin at the image centre, y down.

// sleeved is a long-sleeved garment: neck at y -0.34, sleeve ends at cuffY,
// sides from the armpits down to a hem at ±hemX, hemY.
func sleeved(hemX, hemY, cuffY float64) sdf {
	return poly(0.012, -0.07, -0.34, -0.2, -0.31, -0.33, cuffY-0.015, -0.26, cuffY, -0.2, -0.1, -hemX, hemY,
		hemX, hemY, 0.2, -0.1, 0.26, cuffY, 0.33, cuffY-0.015, 0.2, -0.31, 0.07, -0.34)
}

// cuffs is the band of depth d at both sleeve ends of body.
func cuffs(body sdf, cuffY, d float64) sdf {
	return inter(body, mirror(poly(0, -0.4, cuffY-0.015-d, -0.235, cuffY-d, -0.235, cuffY+0.03, -0.4, cuffY+0.03)))
}

// hemBand is the band of depth d at the bottom of body.
func hemBand(body sdf, hemY, d float64) sdf {
	return inter(body, rbox(0, hemY-d/2+0.01, 0.4, d/2+0.01, 0))
}

// rib paints a knitted rib band: a shade darker with fine ribs. The ribs
// are shading, not parts: thin parts would cost a field per pixel.
func (k *kit) rib(s sdf, vertical bool) {
	p := k.solid(s, 0.9, matte)
	p.sh.ribs, p.sh.ribsH = 0.16, !vertical
}

// buttons draws n buttons from (x,y0) to (x,y1).
func (k *kit) buttons(x, y0, y1 float64, n int, r float64, col rgb) {
	var bs []sdf
	for i := range n {
		bs = append(bs, circle(x, y0+(y1-y0)*float64(i)/float64(max(n-1, 1)), r))
	}
	k.add(union(bs...), col, false, glossy)
}

// drawSweater: crew-neck jumper with ribbed neck, cuffs and hem.
func drawSweater(k *kit) {
	k.floor(0, 0.36, 0.22)
	k.solid(ellipse(0, -0.34, 0.08, 0.06), 0.55, flat)
	neck := ellipse(0, -0.345, 0.075, 0.05)
	body := sub(sleeved(0.19, 0.34, 0.2), neck)
	k.fabric(body)
	k.rib(inter(body, sub(ellipse(0, -0.345, 0.097, 0.07), neck)), true)
	k.rib(cuffs(body, 0.2, 0.05), true)
	k.rib(hemBand(body, 0.34, 0.055), true)
}

// drawCardigan: V-neck cardigan with a buttoned rib placket, ribbed cuffs
// and hem, and patch pockets on some.
func drawCardigan(k *kit) {
	k.floor(0, 0.36, 0.22)
	vee := poly(0, -0.075, -0.36, 0.075, -0.36, 0, -0.04)
	k.solid(inter(vee, rbox(0, -0.2, 0.08, 0.16, 0)), 0.5, flat)
	body := sub(sleeved(0.19, 0.34, 0.2), vee)
	k.fabric(body)
	k.rib(cuffs(body, 0.2, 0.05), true)
	k.rib(hemBand(body, 0.34, 0.055), true)
	if k.variant(2) == 1 {
		for _, x := range []float64{-0.105, 0.105} {
			k.fabric(rbox(x, 0.2, 0.055, 0.055, 0.008))
			k.rib(rbox(x, 0.155, 0.055, 0.012, 0.004), true)
		}
	}
	band := union(capsule(-0.074, -0.35, 0, -0.035, 0.02), capsule(0.074, -0.35, 0, -0.035, 0.02), rbox(0, 0.15, 0.02, 0.19, 0))
	k.rib(inter(sub(band, vee), rbox(0, 0, 0.1, 0.34, 0)), false)
	k.solid(capsule(0, -0.035, 0, 0.34, 0.0025), 0.6, flat)
	k.buttons(0, -0.0, 0.27, 5, 0.012, k.accent)
}

// drawPolo: short-sleeved piqué polo with a two-button placket, a flat knit
// collar and ribbed sleeve ends.
func drawPolo(k *kit) {
	k.floor(0, 0.36, 0.22)
	body := teeBody()
	k.solid(rbox(0, -0.35, 0.08, 0.02, 0.01), 0.6, flat)
	k.fabric(body)
	k.rib(inter(body, mirror(capsule(-0.35, -0.15, -0.28, -0.065, 0.024))), false)
	k.solid(rbox(0, -0.25, 0.024, 0.085, 0.004), 0.94, matte)
	k.solid(capsule(0, -0.33, 0, -0.165, 0.002), 0.7, flat)
	k.buttons(0, -0.28, -0.2, 2, 0.009, cream)
	k.rib(mirror(poly(0.008, 0.0, -0.335, -0.09, -0.36, -0.12, -0.315, -0.065, -0.245)), false)
}

// teeBody is the short-sleeved T-shirt silhouette.
func teeBody() sdf {
	return poly(0.014, -0.075, -0.335, -0.19, -0.305, -0.35, -0.15, -0.28, -0.065, -0.19, -0.14, -0.19, 0.34,
		0.19, 0.34, 0.19, -0.14, 0.28, -0.065, 0.35, -0.15, 0.19, -0.305, 0.075, -0.335)
}

// drawCoat: long double-breasted coat with notched lapels, flap pockets
// and, on some, a tie belt.
func drawCoat(k *kit) {
	k.floor(0, 0.43, 0.24)
	vee := poly(0, -0.066, -0.38, 0.066, -0.38, 0, -0.1)
	k.solid(inter(vee, rbox(0, -0.24, 0.07, 0.14, 0)), 0.45, flat)
	body := poly(0.012, -0.066, -0.36, -0.19, -0.33, -0.31, 0.17, -0.24, 0.19, -0.175, -0.11, -0.22, 0.42,
		0.22, 0.42, 0.175, -0.11, 0.24, 0.19, 0.31, 0.17, 0.19, -0.33, 0.066, -0.36)
	body = sub(body, vee)
	k.fabric(body)
	k.solid(cuffs(body, 0.19, 0.045), 0.9, matte)
	k.solid(capsule(0.02, -0.1, 0.02, 0.42, 0.0025), 0.62, flat)
	lapel := poly(0.004, -0.066, -0.36, -0.003, -0.105, -0.04, -0.12, -0.135, -0.235, -0.105, -0.255, -0.115, -0.3, -0.085, -0.35)
	k.add(mirror(lapel), k.dim(0.9), true, matte)
	k.solid(mirror(capsule(-0.066, -0.36, -0.003, -0.105, 0.003)), 0.7, flat)
	k.add(mirror(rbox(0.13, 0.23, 0.055, 0.014, 0.004)), k.dim(0.86), true, matte)
	horn := mix(k.main, dark, 0.55)
	if k.variant(2) == 1 {
		k.add(rbox(0, 0.05, 0.205, 0.022, 0.006), k.dim(0.88), true, matte)
		k.add(mirror(capsule(0.05, 0.06, 0.075, 0.2, 0.012)), k.dim(0.88), true, matte)
		k.buttons(-0.065, -0.05, -0.05, 1, 0.014, horn)
		k.buttons(0.065, -0.05, -0.05, 1, 0.014, horn)
		return
	}
	k.buttons(-0.07, -0.04, 0.18, 3, 0.014, horn)
	k.buttons(0.07, -0.04, 0.18, 3, 0.014, horn)
}

// drawJacket: denim trucker jacket: pointed collar, buttoned front, chest
// pockets with flaps, waistband, all with contrast topstitching.
func drawJacket(k *kit) {
	k.floor(0, 0.28, 0.22)
	k.solid(rbox(0, -0.35, 0.08, 0.025, 0.01), 0.55, flat)
	body := sleeved(0.2, 0.25, 0.19)
	k.fabric(body)
	thread := mix(k.main, gold, 0.55)
	k.solid(cuffs(body, 0.19, 0.045), 0.9, matte)
	k.solid(hemBand(body, 0.25, 0.05), 0.9, matte)
	var seams []sdf
	for _, x := range []float64{-0.1, 0.1} {
		seams = append(seams, capsule(x, -0.14, x, 0.2, 0.0022))
	}
	seams = append(seams, inter(body, capsule(-0.21, -0.2, 0.21, -0.2, 0.0022)), inter(body, capsule(-0.21, 0.2, 0.21, 0.2, 0.0022)))
	k.add(union(seams...), thread, false, flat)
	k.solid(rbox(0, 0.0, 0.02, 0.25, 0.003), 0.93, matte)
	k.add(capsule(0.02, -0.33, 0.02, 0.25, 0.0022), thread, false, flat)
	flap := poly(0.005, 0.045, -0.18, 0.165, -0.18, 0.165, -0.14, 0.105, -0.115, 0.045, -0.14)
	k.add(mirror(flap), k.dim(0.88), true, matte)
	k.add(mirror(poly(0, 0.05, -0.172, 0.16, -0.172, 0.16, -0.145, 0.105, -0.124, 0.05, -0.145)), thread, false, flat)
	k.add(mirror(poly(0.004, 0.052, -0.168, 0.158, -0.168, 0.158, -0.148, 0.105, -0.129, 0.052, -0.148)), k.dim(0.88), true, matte)
	k.solid(mirror(poly(0.008, -0.075, -0.355, 0.0, -0.275, -0.07, -0.19, -0.15, -0.3)), 0.95, matte)
	k.add(mirror(circle(0.105, -0.14, 0.011)), metal, false, glossy)
	k.buttons(0, -0.23, 0.2, 5, 0.012, metal)
}

// hood is a hood lying behind the neck, its opening in shadow.
func (k *kit) hood() {
	k.solid(ellipse(0, -0.37, 0.135, 0.085), 0.86, matte)
	k.solid(ellipse(0, -0.36, 0.092, 0.058), 0.45, flat)
}

// drawWindbreaker: hooded running jacket with a full zip, elastic cuffs
// and hem, and a zipped chest pocket.
func drawWindbreaker(k *kit) {
	k.floor(0, 0.33, 0.22)
	k.hood()
	body := sub(sleeved(0.195, 0.31, 0.2), ellipse(0, -0.345, 0.07, 0.035))
	k.add(body, k.main, true, shade{top: 1.1, bot: 0.85, rim: 0.14})
	k.solid(cuffs(body, 0.2, 0.035), 0.78, matte)
	k.solid(hemBand(body, 0.31, 0.035), 0.78, matte)
	k.solid(capsule(0.075, -0.2, 0.15, -0.13, 0.004), 0.55, flat)
	k.add(capsule(0, -0.33, 0, 0.31, 0.006), metal.scale(0.8), false, flat)
	k.add(rbox(0, -0.29, 0.009, 0.024, 0.004), metal, false, glossy)
	k.add(mirror(capsule(0.035, -0.32, 0.045, -0.22, 0.004)), cream, false, matte)
}

// drawRaincoat: children's hooded raincoat, glossy, A-line, with a snap
// storm flap and flap pockets.
func drawRaincoat(k *kit) {
	k.floor(0, 0.39, 0.24)
	k.hood()
	body := poly(0.014, -0.07, -0.34, -0.19, -0.31, -0.32, 0.1, -0.245, 0.125, -0.175, -0.1, -0.235, 0.37,
		0.235, 0.37, 0.175, -0.1, 0.245, 0.125, 0.32, 0.1, 0.19, -0.31, 0.07, -0.34)
	body = sub(body, ellipse(0, -0.345, 0.07, 0.035))
	sh := shade{top: 1.12, bot: 0.84, cyl: 0.18, gloss: 0.25, rim: 0.1}
	k.add(body, k.main, false, sh)
	k.solid(rbox(0.012, 0.02, 0.028, 0.35, 0.008), 0.92, matte)
	k.buttons(0.012, -0.25, 0.25, 5, 0.011, metal)
	k.solid(mirror(rbox(0.135, 0.17, 0.06, 0.016, 0.006)), 0.84, matte)
	k.solid(cuffs(body, 0.125, 0.03), 0.86, matte)
}
