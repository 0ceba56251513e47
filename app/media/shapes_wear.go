package media

import "math"

// Clothing and accessories. Coordinates are unit space: origin at the image
// centre, y down, the product spanning roughly ±0.4.

// drawDress: bodice + sash + flared skirt with radial folds; straps or cap
// sleeves by seed.
func drawDress(k *kit) {
	k.floor(0, 0.40, 0.24)
	if k.variant(2) == 0 {
		k.add(mirror(capsule(0.07, -0.41, 0.095, -0.30, 0.011)), k.main.scale(0.85), false, matte)
	} else {
		k.fabric(mirror(poly(0.015, 0.08, -0.36, 0.15, -0.33, 0.19, -0.25, 0.13, -0.22)))
	}
	skirt := inter(poly(0.01, -0.10, -0.12, 0.10, -0.12, 0.33, 0.42, -0.33, 0.42), circle(0, -0.62, 1.0))
	if k.pat.kind == PrintLace {
		skirt = union(skirt, scallops(0, -0.62, 1.0, 0.29))
	}
	p := k.fabric(skirt)
	p.sh.folds, p.sh.foldY = 0.12, -0.30
	bodice := poly(0.014, -0.125, -0.33, 0.125, -0.33, 0.10, -0.10, -0.10, -0.10)
	k.fabric(sub(bodice, ellipse(0, -0.345, 0.07, 0.055)))
	k.add(rbox(0, -0.105, 0.106, 0.017, 0.008), k.dim(0.85), false, satin) // a sash of the same fabric
}

// scallops is a lace hem: small half discs along the arc of radius r
// about (cx,cy), between x = ±hw.
func scallops(cx, cy, r, hw float64) sdf {
	var bs []sdf
	for x := -hw + 0.012; x < hw; x += 0.026 {
		bs = append(bs, circle(x, cy+math.Sqrt(r*r-(x-cx)*(x-cx))-0.004, 0.014))
	}
	return union(bs...)
}

// drawShirt: a long-sleeved button shirt with collar.
func drawShirt(k *kit) {
	k.floor(0, 0.36, 0.22)
	body := poly(0.012, -0.07, -0.34, -0.2, -0.31, -0.33, 0.2, -0.26, 0.215, -0.2, -0.1, -0.19, 0.34,
		0.19, 0.34, 0.2, -0.1, 0.26, 0.215, 0.33, 0.2, 0.2, -0.31, 0.07, -0.34)
	k.add(rbox(0, -0.34, 0.075, 0.022, 0.01), k.main.scale(0.7), false, matte)
	k.fabric(body)
	k.add(inter(body, mirror(poly(0, -0.36, 0.12, -0.24, 0.14, -0.24, 0.23, -0.36, 0.23))), k.main.scale(0.88), true, matte)
	k.add(capsule(0, -0.27, 0, 0.34, 0.007), k.main.scale(0.82), false, flat)
	k.add(mirror(poly(0.008, -0.075, -0.355, 0.0, -0.27, -0.045, -0.225, -0.11, -0.30)), k.main.scale(0.95), true, matte)
	for i := range 6 {
		k.add(circle(0.001, -0.2+float64(i)*0.09, 0.009), cream, false, matte)
	}
}

// drawTee: a short-sleeved crew-neck T-shirt.
func drawTee(k *kit) {
	k.floor(0, 0.36, 0.22)
	body := teeBody()
	k.add(ellipse(0, -0.34, 0.08, 0.06), k.main.scale(0.55), false, flat)
	neck := ellipse(0, -0.345, 0.075, 0.05)
	k.fabric(sub(body, neck))
	k.add(inter(body, sub(ellipse(0, -0.345, 0.092, 0.067), neck)), k.main.scale(0.85), false, matte)
}

// drawBag: handbag with arched handle, flap and gold clasp.
func drawBag(k *kit) {
	k.floor(0, 0.34, 0.28)
	strap := mix(k.main, dark, 0.45)
	k.add(inter(ring(0, -0.12, 0.15, 0.017), rbox(0, -0.25, 0.2, 0.13, 0)), strap, false, matte)
	k.fabric(poly(0.035, -0.25, -0.12, 0.25, -0.12, 0.29, 0.31, -0.29, 0.31))
	k.add(poly(0.02, -0.255, -0.125, 0.255, -0.125, 0.262, 0.02, 0, 0.09, -0.262, 0.02), k.main.scale(0.9), true, matte)
	k.add(mirror(rbox(0.15, -0.12, 0.022, 0.016, 0.006)), gold, false, glossy)
	k.add(circle(0, 0.065, 0.028), gold, false, glossy)
	k.add(circle(0, 0.065, 0.012), gold.scale(0.75), false, matte)
}

// drawShoe: canvas sneaker in profile, toe to the right: white midsole,
// rubber toe cap, side stripe, eyestay with laces and a padded collar.
func drawShoe(k *kit) {
	k.floor(0, 0.185, 0.36)
	upper := poly(0.03, -0.34, 0.13, -0.355, 0.04, -0.35, -0.04, -0.325, -0.095, -0.27, -0.09,
		-0.2, -0.07, -0.12, -0.115, 0.14, -0.01, 0.24, 0.02, 0.31, 0.05, 0.35, 0.09, 0.355, 0.13)
	k.add(poly(0.025, -0.15, -0.1, -0.125, -0.175, -0.075, -0.17, -0.03, -0.07), k.main.scale(0.85), false, matte)
	k.fabric(upper)
	k.add(inter(upper, ellipse(-0.23, -0.125, 0.125, 0.04)), k.main.scale(0.45), false, flat)
	trim := k.accent // a contrasting side stripe only on plain uppers
	if k.pat.kind != PrintPlain {
		trim = k.main.scale(0.78)
	}
	k.add(inter(upper, inter(ring(0.0, -0.42, 0.46, 0.01), rbox(-0.07, 0, 0.19, 0.2, 0))), trim, false, matte)
	k.add(inter(upper, capsule(-0.1, -0.125, 0.13, -0.015, 0.03)), k.main.scale(0.82), false, matte)
	for i := range 5 {
		t := float64(i) / 4
		x, y := -0.085+0.19*t, -0.115+0.09*t
		k.add(capsule(x-0.016, y-0.03, x+0.016, y+0.03, 0.007), cream, false, matte)
	}
	k.add(rbox(-0.345, -0.01, 0.016, 0.07, 0.012), trim, false, matte)
	k.add(inter(upper, ellipse(0.38, 0.13, 0.09, 0.055)), cream, false, matte)
	k.add(rbox(0, 0.15, 0.375, 0.032, 0.028), cream, false, matte)
	k.add(rbox(0, 0.177, 0.37, 0.007, 0.006), mix(cream, dark, 0.55), false, flat)
}

// strap is flat-lit leather or silicone: the strap, not the dial, must be
// the picture's dominant colour.
var strap = shade{top: 1.04, bot: 0.94, rim: 0.12}

// drawWatch: wristwatch face-on; the seed picks the dial style, the strap
// is plain leather in the main colour.
func drawWatch(k *kit) {
	k.floor(0, 0.44, 0.12)
	k.add(poly(0.02, -0.095, -0.43, 0.095, -0.43, 0.11, -0.1, -0.11, -0.1), k.main, false, strap)
	k.add(poly(0.02, -0.11, 0.1, 0.11, 0.1, 0.095, 0.43, -0.095, 0.43), k.main, false, strap)
	k.add(rbox(0, 0.22, 0.114, 0.014, 0.006), k.main.scale(0.75), false, matte)
	for i := range 3 {
		k.add(circle(0, 0.29+0.045*float64(i), 0.009), dark, false, flat)
	}
	trim := metal
	if k.variant(2) == 1 {
		trim = gold
	}
	k.add(rbox(0.172, 0, 0.016, 0.022, 0.005), trim, false, glossy)
	k.add(circle(0, 0, 0.16), trim, false, glossy)
	dial := [...]rgb{cream, dark, k.main.scale(0.9), metal.scale(1.15)}[(k.seed>>48)%4]
	k.add(circle(0, 0, 0.134), dial, false, shade{top: 1.06, bot: 0.9, rim: 0.25})
	watchFace(k, dial)
}

func watchFace(k *kit, dial rgb) {
	ink := dark
	if dial.r+dial.g+dial.b < 3*120 {
		ink = cream
	}
	var ticks []sdf
	for i := range 12 {
		a := float64(i) * math.Pi / 6
		s, c := math.Sin(a), math.Cos(a)
		r0 := 0.11
		if i%3 == 0 {
			r0 = 0.092
		}
		ticks = append(ticks, capsule(s*r0, -c*r0, s*0.12, -c*0.12, 0.005))
	}
	k.add(union(ticks...), ink, false, flat)
	k.add(capsule(0, 0, 0.042, -0.047, 0.008), ink, false, flat)
	k.add(capsule(0, 0, -0.028, -0.098, 0.006), ink, false, flat)
	k.add(circle(0, 0, 0.013), k.accent, false, flat)
}
