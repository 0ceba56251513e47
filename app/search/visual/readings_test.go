package visual

import (
	"image"
	"math"
	"testing"

	"souk/app/media"
)

// An editor's turn is found from the flat corners it leaves, white or
// dimmed and recompressed; a picture without such corners (the studio
// photo, one whose whole backdrop is clipped white) is not turned.
func TestStraightRotation(t *testing.T) {
	img := render("turn", media.ShapeChair, colourOf("blue"), 800)
	for _, tc := range []struct {
		name string
		pic  image.Image
		want float64
	}{
		{"studio", img, 0},
		{"turned 5", rotate(img, 5), 5},
		{"turned -10", rotate(img, -10), -10},
		{"turned 3, darker, JPEG", recompress(brighten(rotate(img, 3), 0.8), 50), 3},
		{"brighter, clipped", brighten(img, 1.3), 0},
		{"crop", crop(img, 0.1), 0},
	} {
		got := straightRotation(reduce(reduce(tc.pic, reduceTarget), workSide))
		if math.Abs(got-tc.want) > 0.75 {
			t.Errorf("%s: turn %.2f°, want %.2f°", tc.name, got, tc.want)
		}
	}
}

// A turned picture, straightened, describes as the studio photo does: its
// distance is that of a mild copy, not of another picture.
func TestTurnedDescribesAsStudio(t *testing.T) {
	img := render("turn", media.ShapeDress, colourOf("green"), 800)
	orig := Describe(img)
	for _, deg := range []float64{5, -10} {
		q := Describe(rotate(img, deg))
		if d := Distance(&q, &orig); d > 0.6 {
			t.Errorf("turned %g°: distance %.2f to the studio photo, want ≤ 0.6", deg, d)
		}
	}
}

// DescribeQuery reads a mirror image (at a cost), and lower exposures only
// when the backdrop is clipped white.
func TestDescribeQueryReadings(t *testing.T) {
	img := render("readings", media.ShapeShoe, colourOf("red"), 800)
	orig := Describe(img)
	plain := DescribeQuery(img)
	if len(plain) != 2 || plain[0].Cost != 0 || plain[1].Cost != mirrorCost {
		t.Fatalf("studio photo: %d readings, want itself and its mirror image", len(plain))
	}
	if d := Distance(&plain[0].Descriptor, &orig); d != 0 {
		t.Errorf("first reading differs from Describe by %.2f", d)
	}
	flipped := flipX(img)
	direct := Describe(flipped)
	via := DistanceAny(DescribeQuery(flipped), &orig)
	if via > 0.5 || via >= Distance(&direct, &orig) {
		t.Errorf("mirror image: %.2f through the readings, %.2f directly; want ≤ 0.5 and less", via, Distance(&direct, &orig))
	}
	bright := DescribeQuery(brighten(img, 1.3))
	if len(bright) != 2+len(brighterLight) {
		t.Errorf("clipped backdrop: %d readings, want %d", len(bright), 2+len(brighterLight))
	}
	if d0, d := Distance(&bright[0].Descriptor, &orig), DistanceAny(bright, &orig); d >= d0 {
		t.Errorf("30%% brighter: %.2f through the readings, not below %.2f as read", d, d0)
	}
}

// NearestAny ranks by the closest reading plus its cost, and agrees with
// Nearest for a single reading.
func TestNearestAny(t *testing.T) {
	a := Describe(render("a", media.ShapeMug, colourOf("red"), 200))
	b := Describe(render("b", media.ShapeMug, colourOf("blue"), 200))
	x := NewIndex()
	x.Add("a", a)
	x.Add("b", b)
	if h := x.NearestAny([]Variant{{Descriptor: b, Cost: 0.3}, {Descriptor: a, Cost: 0}}, 2); h[0].ID != "a" || h[0].Distance != 0 || math.Abs(h[1].Distance-0.3) > 1e-6 {
		t.Errorf("two readings: %+v, want a at 0 then b at 0.3", h)
	}
	if h1, h2 := x.Nearest(&a, 2), x.NearestAny([]Variant{{Descriptor: a}}, 2); h1[1] != h2[1] {
		t.Errorf("Nearest %+v, NearestAny %+v", h1, h2)
	}
}

// A product on a table or a cloth, whose backdrop says nothing of the
// light, is also read at the exposure of a grey sweep: white goods,
// photographed on one in the studio, come nearer that way.
func TestTableReadings(t *testing.T) {
	it := item{ID: "dress_white", Shape: media.ShapeDress, Colour: "white"}
	it.Img = render(catalogPrefix+it.ID, it.Shape, colourOf(it.Colour), catalogSize)
	orig := Describe(it.Img)
	for k, name := range []string{"wood", "cloth", "dark"} {
		vs := DescribeQuery(OnBackdrop(cutoutOf(it, catalogSize), k))
		if len(vs) != 3 || vs[1].Cost != exposureCost {
			t.Fatalf("%s: %d readings, want as is, grey sweep and mirror image", name, len(vs))
		}
		if d0, d := Distance(&vs[0].Descriptor, &orig), DistanceAny(vs, &orig); d >= d0 {
			t.Errorf("%s: %.2f through the readings, not below %.2f as read", name, d, d0)
		}
	}
}

// The object's outline is cut on the sharp picture too: the blurred mask
// alone reaches a few pixels past the object, which on a dark backdrop
// draws a dark rim around it (edges) that the studio photo
// does not have.
func TestNoDarkRim(t *testing.T) {
	it := item{ID: "shoe_yellow", Shape: media.ShapeShoe, Colour: "yellow"}
	it.Img = render(catalogPrefix+it.ID, it.Shape, colourOf(it.Colour), catalogSize)
	orig := Describe(it.Img)
	dark := Describe(OnBackdrop(cutoutOf(it, catalogSize), 2))
	if e := parts(&dark, &orig)["edge"]; e > 0.2 { // 0.27 with the blurred mask alone
		t.Errorf("on a dark backdrop: edge part %.3f, want ≤ 0.2", e)
	}
}
