package media

// Skirts, trousers, gowns and scarves. Same unit-space conventions as
// shapes_wear.go.

// satin is the sheen of satin and silk: a strong key light and a soft
// vertical highlight.
var satin = shade{top: 1.12, bot: 0.82, cyl: 0.16, gloss: 0.2, rim: 0.12}

// drawSkirt: wrap midi skirt with a waistband, an overlapping front panel
// and a side tie.
func drawSkirt(k *kit) {
	k.floor(0, 0.37, 0.28)
	skirt := inter(poly(0.01, -0.135, -0.31, 0.135, -0.31, 0.3, 0.36, -0.3, 0.36), circle(0, -0.9, 1.26))
	p := k.add(skirt, k.main, true, satin)
	p.sh.folds, p.sh.foldY = 0.1, -0.6
	panel := inter(skirt, poly(0, 0.09, -0.32, 0.4, -0.32, 0.4, 0.4, -0.03, 0.4))
	p = k.add(panel, k.dim(1.04), true, satin)
	p.sh.folds, p.sh.foldY = 0.1, -0.6
	k.solid(inter(skirt, capsule(0.09, -0.31, -0.03, 0.4, 0.003)), 0.7, flat)
	k.add(rbox(0, -0.32, 0.137, 0.022, 0.006), k.dim(0.9), true, matte)
	k.solid(capsule(-0.1, -0.3, -0.145, -0.08, 0.011), 0.88, matte)
	k.solid(capsule(-0.095, -0.3, -0.06, -0.1, 0.011), 0.84, matte)
	k.solid(circle(-0.098, -0.31, 0.018), 0.92, matte)
}

// trouserLegs is the front view of straight-leg trousers.
func trouserLegs() sdf {
	return poly(0.01, -0.17, -0.345, 0.17, -0.345, 0.19, -0.2, 0.2, 0.4, 0.035, 0.4, 0, -0.13,
		-0.035, 0.4, -0.2, 0.4, -0.19, -0.2)
}

// drawJeans: high-rise straight jeans: trousers with contrast
// topstitching, rivets, a coin pocket and a shank button.
func drawJeans(k *kit) {
	drawTrousers(k)
	legs := trouserLegs()
	thread := mix(k.main, gold, 0.6)
	seams := union(
		inter(legs, mirror(ring(-0.2, -0.37, 0.085, 0.0028))),
		capsule(0.045, -0.33, 0.045, -0.19, 0.0028), capsule(0.045, -0.19, 0.005, -0.15, 0.0028),
		mirror(capsule(0.188, -0.2, 0.197, 0.39, 0.0028)),
		inter(legs, hstripes(0.375, 1, 0.0028)),
		inter(rbox(0.14, -0.27, 0.03, 0.03, 0), ring(0.14, -0.31, 0.045, 0.0028)),
	)
	k.add(seams, thread, false, flat)
	k.add(mirror(circle(0.115, -0.315, 0.008)), gold, false, glossy)
}

// drawScarf: a long scarf hung over a wooden rod, its two ends falling at
// different lengths, with soft vertical drape and fringed ends.
func drawScarf(k *kit) {
	k.floor(0, 0.4, 0.2)
	k.add(capsule(-0.28, -0.33, 0.28, -0.33, 0.012), wood, false, glossy)
	k.add(mirror(circle(0.285, -0.33, 0.02)), wood.scale(0.85), false, glossy)
	back := poly(0.01, -0.02, -0.34, 0.165, -0.34, 0.185, 0.24, 0.0, 0.26)
	p := k.add(back, k.dim(0.82), true, satin)
	p.sh.folds, p.sh.foldX, p.sh.foldY = 0.16, 0.08, -1.4
	front := poly(0.01, -0.165, -0.34, 0.045, -0.34, 0.065, 0.33, -0.145, 0.35)
	p = k.add(front, k.main, true, satin)
	p.sh.folds, p.sh.foldX, p.sh.foldY = 0.16, -0.05, -1.4
	k.solid(rbox(0, -0.34, 0.168, 0.018, 0.015), 0.95, satin)
	var fringe []sdf
	for i := range 11 {
		x := -0.14 + 0.019*float64(i)
		y := 0.35 - 0.0095*float64(i)*0.2
		fringe = append(fringe, capsule(x, y, x+0.002, y+0.045, 0.0035))
		if i < 9 {
			bx := 0.005 + 0.019*float64(i)
			by := 0.26 - 0.0015*float64(i)
			fringe = append(fringe, capsule(bx, by, bx+0.002, by+0.04, 0.0035))
		}
	}
	k.solid(union(fringe...), 0.86, matte)
}

// drawMermaid: strapless sweetheart gown, fitted to the knee, flaring into
// a short train.
func drawMermaid(k *kit) {
	k.floor(0, 0.43, 0.32)
	body := poly(0.012, 0, -0.265, -0.055, -0.31, -0.115, -0.3, -0.095, -0.12, -0.125, 0.0, -0.085, 0.16,
		-0.17, 0.33, -0.31, 0.43, 0.31, 0.43, 0.17, 0.33, 0.085, 0.16, 0.125, 0.0, 0.095, -0.12, 0.115, -0.3, 0.055, -0.31)
	p := k.add(body, k.main, true, satin)
	p.sh.folds, p.sh.foldY = 0.14, 0.1
	k.solid(inter(body, capsule(-0.11, 0.155, 0.11, 0.155, 0.003)), 0.8, flat)
	k.solid(inter(body, capsule(-0.1, -0.12, 0.1, -0.12, 0.0025)), 0.8, flat)
}

// drawGown: floor-length satin column gown with a draped cowl neckline on
// thin straps.
func drawGown(k *kit) {
	k.floor(0, 0.43, 0.24)
	k.solid(mirror(capsule(0.07, -0.42, 0.09, -0.3, 0.006)), 0.85, matte)
	body := poly(0.012, 0, -0.24, -0.06, -0.28, -0.115, -0.31, -0.095, -0.12, -0.125, 0.02, -0.2, 0.43,
		0.2, 0.43, 0.125, 0.02, 0.095, -0.12, 0.115, -0.31, 0.06, -0.28)
	p := k.add(body, k.main, true, satin)
	p.sh.folds, p.sh.foldY = 0.1, -0.2
	drape := union(ring(0, -0.44, 0.19, 0.0035), ring(0, -0.47, 0.25, 0.0035))
	k.solid(inter(body, inter(drape, rbox(0, -0.2, 0.11, 0.1, 0))), 0.78, flat)
}

// drawBallgown: fitted bodice and a wide, layered tulle skirt with a sash.
func drawBallgown(k *kit) {
	k.floor(0, 0.42, 0.4)
	k.solid(mirror(capsule(0.075, -0.4, 0.085, -0.29, 0.008)), 0.85, matte)
	skirt := inter(poly(0.01, -0.09, -0.1, 0.09, -0.1, 0.4, 0.4, -0.4, 0.4), circle(0, -0.75, 1.17))
	p := k.fabric(skirt)
	p.sh.folds, p.sh.foldY = 0.13, -0.2
	layers := union(ring(0, -0.75, 1.06, 0.003), ring(0, -0.75, 0.94, 0.003))
	k.solid(inter(skirt, layers), 0.82, flat)
	bodice := poly(0.012, 0, -0.265, -0.05, -0.305, -0.11, -0.3, -0.088, -0.09, 0.088, -0.09, 0.11, -0.3, 0.05, -0.305)
	k.fabric(bodice)
	k.solid(rbox(0, -0.09, 0.094, 0.018, 0.006), 0.86, satin)
	k.solid(rotEllipse(-0.03, -0.09, 0.03, 0.016, 0.3), 0.9, matte)
	k.solid(rotEllipse(0.03, -0.09, 0.03, 0.016, -0.3), 0.9, matte)
	k.solid(circle(0, -0.09, 0.012), 0.8, matte)
}

// drawKaftan: long kaftan with wide sleeves, a V neck and trimmed bands
// at neck, sleeves and hem; the print (embroidery) goes on the bands only.
func drawKaftan(k *kit) {
	k.floor(0, 0.43, 0.26)
	vee := poly(0, -0.06, -0.38, 0.06, -0.38, 0, -0.2)
	k.solid(inter(vee, rbox(0, -0.29, 0.06, 0.09, 0)), 0.45, flat)
	body := poly(0.02, -0.06, -0.36, -0.15, -0.34, -0.34, -0.22, -0.31, 0.0, -0.17, 0.07, -0.21, 0.42,
		0.21, 0.42, 0.17, 0.07, 0.31, 0.0, 0.34, -0.22, 0.15, -0.34, 0.06, -0.36)
	body = sub(body, vee)
	p := k.add(body, k.main, false, satin)
	p.sh.folds, p.sh.foldY = 0.08, -0.1
	for _, band := range []sdf{
		inter(sub(union(capsule(-0.062, -0.365, 0, -0.205, 0.036), capsule(0.062, -0.365, 0, -0.205, 0.036)), vee), rbox(0, -0.3, 0.1, 0.06, 0)),
		inter(body, turn(rbox(-0.32, -0.11, 0.045, 0.15, 0), -0.32, -0.11, -0.12)),
		inter(body, turn(rbox(0.32, -0.11, 0.045, 0.15, 0), 0.32, -0.11, 0.12)),
		hemBand(body, 0.44, 0.075),
	} {
		k.add(band, k.dim(0.8), true, matte)
	}
	k.solid(capsule(-0.16, 0.08, 0.16, 0.08, 0.008), 0.78, matte)
}
