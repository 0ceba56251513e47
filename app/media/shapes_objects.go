package media

import "math"

// Home, kitchen and electronics. Same unit-space conventions as
// shapes_wear.go.

// castIron is a dull cast or powder-coated finish: rounded, little shine.
var castIron = shade{top: 1.1, bot: 0.8, cyl: 0.35, gloss: 0.12, rim: 0.12}

// drawTeapot: cast iron teapot: squat hobnailed body, spout, lid with
// knob and an arched handle.
func drawTeapot(k *kit) {
	k.floor(0, 0.3, 0.26)
	k.solid(inter(ring(0, -0.08, 0.19, 0.012), rbox(0, -0.2, 0.22, 0.12, 0)), 0.62, castIron)
	k.solid(poly(0.015, 0.14, 0.02, 0.3, -0.11, 0.325, -0.085, 0.19, 0.13), 0.85, castIron)
	body := ellipse(0, 0.1, 0.245, 0.185)
	k.add(body, k.main, false, castIron)
	var nails []sdf
	for row := range 4 {
		y := -0.02 + 0.055*float64(row)
		for x := -0.21; x <= 0.21; x += 0.048 {
			xx := x + 0.024*float64(row%2)
			if (xx*xx)/(0.2*0.2)+((y-0.1)*(y-0.1))/(0.15*0.15) < 1 {
				nails = append(nails, circle(xx, y, 0.011))
			}
		}
	}
	k.solid(union(nails...), 0.8, castIron)
	k.solid(ellipse(0, -0.075, 0.12, 0.03), 0.8, castIron)
	k.solid(circle(0, -0.11, 0.024), 0.9, castIron)
}

// drawBedding: a folded duvet cover, sheet and pillowcases stacked under
// a pillow and tied with a ribbon.
func drawBedding(k *kit) {
	k.floor(0, 0.33, 0.34)
	layers := []struct{ y, hw, hh, tone float64 }{{0.23, 0.33, 0.09, 1}, {0.08, 0.31, 0.065, 0.92}, {-0.04, 0.3, 0.06, 1.04}}
	for _, l := range layers {
		k.add(rbox(0, l.y, l.hw, l.hh, 0.045), k.dim(l.tone), true, matte)
		k.solid(capsule(-l.hw+0.04, l.y+l.hh*0.35, l.hw-0.04, l.y+l.hh*0.35, 0.003), l.tone*0.82, flat)
	}
	pillow := smooth(rbox(0, -0.19, 0.25, 0.085, 0.06), rbox(0, -0.19, 0.28, 0.05, 0.05), 0.05)
	k.add(pillow, k.dim(1.06), true, matte)
	k.solid(capsule(-0.2, -0.2, 0.2, -0.2, 0.003), 0.88, flat)
	k.add(rbox(0.12, 0.05, 0.02, 0.27, 0.004), k.accent, false, matte)
}

// drawCandle: scented candle in a glazed jar: wax surface, wick, flame and
// a small label.
func drawCandle(k *kit) {
	k.floor(0, 0.31, 0.18)
	jar := rbox(0, 0.1, 0.155, 0.2, 0.03)
	k.add(jar, k.main, false, glossy)
	k.solid(ellipse(0, -0.1, 0.155, 0.03), 1.08, glossy)
	k.add(ellipse(0, -0.098, 0.135, 0.022), mix(k.main, cream, 0.6), false, shade{top: 0.9, bot: 1.05})
	k.add(capsule(0, -0.1, 0.002, -0.15, 0.004), dark, false, flat)
	k.add(ellipse(0, -0.19, 0.02, 0.042), rgb{255, 196, 90}, false, flat)
	k.add(ellipse(0, -0.18, 0.009, 0.022), rgb{255, 244, 210}, false, flat)
	k.add(rbox(0, 0.12, 0.085, 0.055, 0.008), cream, false, flat)
	k.add(rbox(0, 0.11, 0.05, 0.006, 0.003), k.accent, false, flat)
	k.add(rbox(0, 0.135, 0.035, 0.004, 0.002), k.accent.scale(0.8), false, flat)
}

// drawEarbuds: an open charging case with one earbud seated in it and
// the other lying in front, its stem showing.
func drawEarbuds(k *kit) {
	k.floor(0, 0.31, 0.3)
	k.solid(rbox(-0.06, -0.08, 0.23, 0.12, 0.11), 0.88, glossy)
	k.solid(rbox(-0.06, -0.07, 0.2, 0.095, 0.09), 0.6, matte)
	k.add(rbox(-0.06, 0.13, 0.24, 0.15, 0.14), k.main, false, glossy)
	k.solid(ellipse(-0.06, 0.0, 0.215, 0.035), 0.45, flat)
	k.solid(capsule(-0.3, 0.012, 0.18, 0.012, 0.003), 0.7, flat)
	k.add(circle(-0.11, -0.04, 0.06), k.main, false, glossy)
	k.solid(ellipse(-0.135, -0.055, 0.022, 0.016), 0.5, flat)
	k.add(circle(-0.06, 0.2, 0.008), rgb{90, 220, 120}, false, flat)
	k.add(turn(capsule(0.24, 0.2, 0.24, 0.34, 0.022), 0.24, 0.2, 0.5), k.dim(0.95), false, glossy)
	k.add(circle(0.24, 0.2, 0.058), k.main, false, glossy)
	k.solid(ellipse(0.215, 0.185, 0.022, 0.016), 0.5, flat)
}

// drawPowerbank: a power bank slab in three-quarter view with charge
// lights, a bolt logo and a cable plugged into its top.
func drawPowerbank(k *kit) {
	k.floor(0, 0.35, 0.24)
	k.add(capsule(0.0, -0.3, 0.06, -0.42, 0.012), mix(k.main, dark, 0.35), false, matte)
	k.add(rbox(0.0, -0.31, 0.012, 0.022, 0.004), metal, false, glossy)
	k.solid(poly(0.004, 0.15, -0.27, 0.21, -0.31, 0.21, 0.29, 0.15, 0.33), 0.72, matte)
	k.solid(poly(0.004, -0.19, -0.27, -0.13, -0.31, 0.21, -0.31, 0.15, -0.27), 1.12, flat)
	k.add(rbox(-0.02, 0.03, 0.17, 0.3, 0.012), k.main, false, shade{top: 1.06, bot: 0.88, rim: 0.12})
	for i := range 4 {
		col := rgb{120, 210, 255}
		if i == 3 {
			col = k.dim(0.6)
		}
		k.add(circle(-0.08+0.04*float64(i), 0.25, 0.009), col, false, flat)
	}
	k.solid(poly(0.004, -0.01, -0.1, -0.05, 0.0, -0.02, 0.0, -0.04, 0.08, 0.01, -0.03, -0.02, -0.03, 0.005, -0.1), 0.82, flat)
}

// drawSmartwatch: square smartwatch face-on on a silicone strap, its
// screen showing activity rings.
func drawSmartwatch(k *kit) {
	k.floor(0, 0.44, 0.11)
	k.solid(rbox(0, -0.28, 0.092, 0.16, 0.03), 1, strap)
	k.solid(rbox(0, 0.28, 0.092, 0.16, 0.03), 1, strap)
	var holes []sdf
	for i := range 4 {
		holes = append(holes, circle(0, 0.23+0.045*float64(i), 0.008))
	}
	k.solid(union(holes...), 0.6, flat)
	k.solid(rbox(0.134, -0.04, 0.01, 0.025, 0.005), 0.75, glossy)
	k.solid(rbox(0, 0, 0.13, 0.155, 0.05), 0.82, glossy)
	k.add(rbox(0, 0, 0.108, 0.132, 0.04), rgb{18, 18, 22}, false, shade{top: 1.2, bot: 0.8})
	for i, c := range []rgb{{240, 60, 90}, {150, 230, 60}, {60, 210, 230}} {
		r := 0.064 - 0.017*float64(i)
		arc := sub(ring(0, -0.005, r, 0.006), poly(0, 0, -0.005, 0.12, 0.1, -0.02+0.04*float64(i), 0.12))
		k.add(arc, c, false, flat)
	}
}

// drawDesklamp: LED desk lamp: weighted base, two-part arm and a flat
// light bar glowing underneath.
func drawDesklamp(k *kit) {
	k.floor(-0.1, 0.34, 0.16)
	k.solid(union(ellipse(-0.1, 0.32, 0.15, 0.035), rbox(-0.1, 0.3, 0.15, 0.022, 0.018)), 1, glossy)
	k.solid(capsule(-0.12, 0.29, -0.04, -0.06, 0.02), 0.95, glossy)
	k.solid(capsule(-0.04, -0.06, 0.18, -0.25, 0.018), 0.95, glossy)
	k.solid(circle(-0.04, -0.06, 0.03), 0.78, glossy)
	k.solid(circle(0.18, -0.25, 0.024), 0.78, glossy)
	head := turn(rbox(0.26, -0.2, 0.15, 0.03, 0.025), 0.26, -0.2, 0.38)
	k.solid(head, 1, glossy)
	k.add(turn(rbox(0.265, -0.168, 0.13, 0.008, 0.006), 0.26, -0.2, 0.38), rgb{255, 246, 220}, false, flat)
}

// drawSpeaker: upright cylindrical speaker: knitted grille, rubber end
// caps with volume buttons and a lanyard loop.
func drawSpeaker(k *kit) {
	k.floor(0, 0.36, 0.16)
	k.solid(inter(ring(0.16, -0.2, 0.05, 0.009), rbox(0.2, -0.2, 0.05, 0.07, 0)), 0.6, matte)
	sh := shade{top: 1.08, bot: 0.86, cyl: 0.32, gloss: 0.12, rim: 0.1}
	body := rbox(0, 0.04, 0.15, 0.31, 0.14)
	k.add(body, k.main, false, sh)
	grille := inter(body, rbox(0, 0.04, 0.16, 0.22, 0))
	k.add(inter(grille, hstripes(0, 0.013, 0.0025)), k.dim(0.84), false, sh)
	k.solid(ellipse(0, -0.245, 0.13, 0.028), 0.75, matte)
	k.add(union(capsule(-0.06, -0.245, -0.03, -0.245, 0.005), capsule(0.03, -0.245, 0.06, -0.245, 0.005),
		capsule(0.045, -0.26, 0.045, -0.23, 0.005)), cream, false, flat)
	k.solid(rbox(0, 0.15, 0.035, 0.01, 0.004), 0.65, flat)
}

// ceramicBase is drawLamp's glazed gourd base with a brass neck.
func (k *kit) ceramicBase() {
	body := smooth(ellipse(0, 0.18, 0.12, 0.13), rbox(0, 0.0, 0.035, 0.08, 0.01), 0.08)
	k.add(body, k.main, false, glossy)
	k.add(rbox(0, 0.32, 0.075, 0.015, 0.008), k.dim(0.8), false, glossy)
	k.add(rbox(0, -0.075, 0.03, 0.012, 0.004), gold, false, glossy)
}

// around returns points on a circle, for radial layouts.
func around(cx, cy, r, a float64) (float64, float64) {
	return cx + r*math.Sin(a), cy - r*math.Cos(a)
}
