package seed

import (
	"image/color"
	"testing"

	"souk/app/media"
)

func TestSpecOf(t *testing.T) {
	cases := []struct {
		uid   string
		shape media.Shape
		print media.Print
		col   color.RGBA
		ok    bool
	}{
		{"cardigan_1f2a44_tr1x-0", media.ShapeCardigan, media.PrintPlain, color.RGBA{0x1f, 0x2a, 0x44, 255}, true},
		{"dress-lace_ecd9b8_tr2y-1", media.ShapeDress, media.PrintLace, color.RGBA{0xec, 0xd9, 0xb8, 255}, true},
		{"dress-plain_ecd9b8_tr2y-1", 0, 0, color.RGBA{}, false},
		{"cardigan_1f2a4_tr1x-0", 0, 0, color.RGBA{}, false},
		{"cardigan_1f2a4g_tr1x-0", 0, 0, color.RGBA{}, false},
		{"nosuch_1f2a44_tr1x-0", 0, 0, color.RGBA{}, false},
		{"cardigan_1f2a44", 0, 0, color.RGBA{}, false},
		{"cardigan", 0, 0, color.RGBA{}, false},
	}
	for _, c := range cases {
		s, ok := specOf(c.uid)
		if ok != c.ok || ok && (s.Shape != c.shape || s.Print != c.print || s.Color != c.col) {
			t.Errorf("specOf(%q) = %+v, %v", c.uid, s, ok)
		}
	}
	// The same uid always draws the same picture; another goods' differs.
	a, _ := specOf("dress-lace_ecd9b8_tr2y-1")
	b, _ := specOf("dress-lace_ecd9b8_tr2y-1")
	c, _ := specOf("dress-lace_ecd9b8_tr3z-1")
	if a != b || a.Seed == c.Seed {
		t.Error("specOf is not a function of the uid")
	}
}

// FuzzSpecOf: picture uids come from request paths; decoding never panics
// and what decodes names a known shape.
func FuzzSpecOf(f *testing.F) {
	for _, s := range []string{"cardigan_1f2a44_tr1x-0", "dress-lace_ecd9b8_tr2y-1", "_", "__", "a_b_c", "dress_zzzzzz_x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uid string) {
		s, ok := specOf(uid)
		if ok && s.Shape.String() == "unknown" {
			t.Fatalf("%q decoded to an unknown shape", uid)
		}
	})
}
