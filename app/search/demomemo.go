package search

import (
	"sync"

	"souk/app/media"
	"souk/app/search/visual"
)

// DemoDescriptors remembers demo pictures' descriptors by what they show.
// A demo picture is drawn from its spec alone, so stores started in one
// process (the test suite starts hundreds, each seeding the same demo
// catalogue) draw and describe each look once: that was half the CPU of a
// test store's start. Each store still keeps its own index and rows.
type DemoDescriptors struct {
	m sync.Map // media.DemoSpec → visual.Descriptor
}

// RememberDemo makes v take the descriptors of demo pictures (those spec
// knows) from memo, describing each look only the first time.
// Call it before Build.
func (v *Visual) RememberDemo(spec func(uid string) (media.DemoSpec, bool), memo *DemoDescriptors) {
	v.describe = func(uid string) (visual.Descriptor, bool) {
		s, ok := spec(uid)
		if !ok {
			return v.describePicture(uid)
		}
		if d, ok := memo.m.Load(s); ok {
			return d.(visual.Descriptor), true
		}
		d, ok := v.describePicture(uid)
		if ok {
			memo.m.Store(s, d)
		}
		return d, ok
	}
}

// describePicture draws or loads the picture uid and describes it.
func (v *Visual) describePicture(uid string) (visual.Descriptor, bool) {
	pic, ok := v.picture(uid)
	if !ok {
		return visual.Descriptor{}, false
	}
	return visual.Describe(pic), true
}
