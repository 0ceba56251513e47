// Package media renders deterministic demo product photos and stores them on
// disk in the three sizes the catalogue serves.
package media

import (
	"image"
	"image/color"
)

// Shape is the kind of product drawn by RenderDemo.
type Shape int

// Product kinds. Values are stable (append only); unknown ones render as
// ShapeBox.
const (
	ShapeDress Shape = iota
	ShapeShirt
	ShapeBag
	ShapeShoe
	ShapeMug
	ShapeBox
	ShapeLamp
	ShapeBottle
	ShapeChair
	ShapeWatch
	ShapeTrousers
	ShapeHat
	ShapeSofa
	ShapeVase
	ShapeHeadphones
	ShapeBook
	numShapes
)

var shapeNames = [numShapes]string{"dress", "shirt", "bag", "shoe", "mug", "box", "lamp", "bottle", "chair", "watch",
	"trousers", "hat", "sofa", "vase", "headphones", "book"}

// String returns the lower-case name used by ParseShape.
func (s Shape) String() string {
	if s < 0 || s >= numShapes {
		return "unknown"
	}
	return shapeNames[s]
}

// ParseShape maps a lower-case name ("dress", "mug", ...) to a Shape.
func ParseShape(name string) (Shape, bool) {
	for i, n := range shapeNames {
		if n == name {
			return Shape(i), true
		}
	}
	return 0, false
}

// Shapes lists every supported shape, for seeding and tests.
func Shapes() []Shape {
	out := make([]Shape, numShapes)
	for i := range out {
		out[i] = Shape(i)
	}
	return out
}

// DemoSpec fully determines a demo photo: same spec and size, same pixels.
// Alpha channels are ignored.
type DemoSpec struct {
	Shape      Shape
	Color      color.RGBA // main colour; dominant in the output
	Accent     color.RGBA // pattern and trim colour
	Background color.RGBA // light studio backdrop
	Seed       uint64     // picks pattern and shape variant
}

var builders = [numShapes]func(*kit){
	ShapeDress: drawDress, ShapeShirt: drawShirt, ShapeBag: drawBag, ShapeShoe: drawShoe,
	ShapeMug: drawMug, ShapeBox: drawBox, ShapeLamp: drawLamp, ShapeBottle: drawBottle,
	ShapeChair: drawChair, ShapeWatch: drawWatch, ShapeTrousers: drawTrousers, ShapeHat: drawHat,
	ShapeSofa: drawSofa, ShapeVase: drawVase, ShapeHeadphones: drawHeadphones, ShapeBook: drawBook,
}

// RenderDemo draws the product described by spec centred on a w×h canvas.
// Geometry lives in unit space, so proportions are identical at any size.
func RenderDemo(spec DemoSpec, w, h int) *image.RGBA {
	w, h = max(w, 1), max(h, 1)
	k := newKit(spec)
	build := drawBox
	if spec.Shape >= 0 && spec.Shape < numShapes {
		build = builders[spec.Shape]
	}
	build(k)
	c := newCanvas(w, h, k.pat)
	c.background(k.bg)
	for _, s := range k.shadows {
		c.shadow(s[0], s[1], s[2], s[3], s[4])
	}
	for i := range k.parts {
		c.fill(&k.parts[i])
	}
	return c.img
}
