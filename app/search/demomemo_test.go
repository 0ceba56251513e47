package search

import (
	"image"
	"image/color"
	"testing"

	"souk/app/media"
	"souk/app/search/visual"
)

// Two stores sharing a memo draw each demo look once, get the descriptor
// they would have computed, and still draw pictures the memo cannot know.
func TestDemoDescriptorsDescribeEachLookOnce(t *testing.T) {
	looks := map[string]media.DemoSpec{
		"a":  {Shape: media.ShapeDress, Color: color.RGBA{200, 30, 30, 255}, Background: color.RGBA{240, 240, 240, 255}},
		"b":  {Shape: media.ShapeMug, Color: color.RGBA{30, 30, 200, 255}, Background: color.RGBA{240, 240, 240, 255}},
		"a2": {Shape: media.ShapeDress, Color: color.RGBA{200, 30, 30, 255}, Background: color.RGBA{240, 240, 240, 255}}, // same look as a
	}
	spec := func(uid string) (media.DemoSpec, bool) { s, ok := looks[uid]; return s, ok }
	drawn := map[string]int{}
	picture := func(uid string) (image.Image, bool) {
		drawn[uid]++
		if s, ok := looks[uid]; ok {
			return media.RenderDemo(s, 64, 64), true
		}
		if uid == "upload" {
			return media.RenderDemo(looks["b"], 64, 64), true
		}
		return nil, false
	}
	memo := &DemoDescriptors{}
	for store := 0; store < 2; store++ {
		v := NewVisual(nil, picture, nil, nil)
		v.RememberDemo(spec, memo)
		for _, uid := range []string{"a", "b", "a2", "upload", "missing"} {
			got, ok := v.describe(uid)
			if uid == "missing" {
				if ok {
					t.Fatalf("store %d: a picture that does not exist was described", store)
				}
				continue
			}
			pic, _ := picture(uid)
			drawn[uid]--
			if want := visual.Describe(pic); !ok || got != want {
				t.Fatalf("store %d, %s: descriptor differs from the picture's own", store, uid)
			}
		}
	}
	for uid, want := range map[string]int{"a": 1, "b": 1, "a2": 0, "upload": 2} {
		if drawn[uid] != want {
			t.Errorf("%s drawn %d times, want %d", uid, drawn[uid], want)
		}
	}
}
