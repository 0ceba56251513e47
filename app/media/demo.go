// Package media renders deterministic demo product photos and stores them on
// disk in the three sizes the catalogue serves.
package media

import (
	"image"
	"image/color"
	"strings"
)

// Shape is the kind of product drawn by RenderDemo.
type Shape int

// Product kinds. Values are stable (append only); unknown ones render as
// ShapeBox. Each kind draws one recognisable product, so a catalogue item
// names the kind that shows what its title says.
const (
	ShapeDress Shape = iota
	ShapeShirt       // long-sleeved button shirt or blouse
	ShapeBag         // handbag with arched handle
	ShapeShoe        // sneaker
	ShapeMug
	ShapeBox // gift box
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
	ShapeTee
	ShapeCardigan
	ShapeSweater
	ShapePolo
	ShapeCoat
	ShapeJacket // denim trucker jacket
	ShapeWindbreaker
	ShapeRaincoat
	ShapeSkirt
	ShapeJeans
	ShapeScarf
	ShapeMermaid
	ShapeGown
	ShapeBallgown
	ShapeKaftan
	ShapeBoot
	ShapeFlat
	ShapeSandal
	ShapeTote
	ShapeBackpack
	ShapeCrossbody
	ShapeDuffel
	ShapeWallet
	ShapeTeapot
	ShapeBedding
	ShapeCandle
	ShapeEarbuds
	ShapePowerbank
	ShapeSmartwatch
	ShapeDesklamp
	ShapeSpeaker
	ShapePerfume
	ShapeDropper
	ShapeSpray
	ShapeLipstick
	ShapeBrushes
	ShapeYogamat
	ShapeFlask
	ShapeCampchair
	ShapeBlocks
	ShapeTeddy
	ShapeTrain
	ShapePaintbox
	ShapeJournal
	ShapePen
	ShapeOfficechair
	ShapeOrganiser
	ShapeTapes
	ShapePendant
	ShapeStuds
	ShapeHoops
	numShapes
)

var shapeNames = [numShapes]string{"dress", "shirt", "bag", "shoe", "mug", "box", "lamp", "bottle", "chair", "watch",
	"trousers", "hat", "sofa", "vase", "headphones", "book", "tee", "cardigan", "sweater", "polo", "coat", "jacket",
	"windbreaker", "raincoat", "skirt", "jeans", "scarf", "mermaid", "gown", "ballgown", "kaftan", "boot", "flat",
	"sandal", "tote", "backpack", "crossbody", "duffel", "wallet", "teapot", "bedding", "candle", "earbuds",
	"powerbank", "smartwatch", "desklamp", "speaker", "perfume", "dropper", "spray", "lipstick", "brushes",
	"yogamat", "flask", "campchair", "blocks", "teddy", "train", "paintbox", "journal", "pen", "officechair",
	"organiser", "tapes", "pendant", "studs", "hoops"}

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

// ParseLook maps "<shape>" or "<shape>-<print>" ("dress-lace") to a shape
// and the print its fabric carries (PrintPlain when none is named).
func ParseLook(name string) (Shape, Print, bool) {
	shapeName, printName, printed := strings.Cut(name, "-")
	s, ok := ParseShape(shapeName)
	if !ok {
		return 0, 0, false
	}
	if !printed {
		return s, PrintPlain, true
	}
	p, ok := ParsePrint(printName)
	return s, p, ok && p != PrintPlain
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
	Print      Print      // fabric print; plain unless the product's title names one
	Color      color.RGBA // main colour; dominant in the output
	Accent     color.RGBA // trim colour
	Background color.RGBA // light studio backdrop
	Seed       uint64     // picks shape variant and print scale
}

var builders = [numShapes]func(*kit){
	ShapeDress: drawDress, ShapeShirt: drawShirt, ShapeBag: drawBag, ShapeShoe: drawShoe,
	ShapeMug: drawMug, ShapeBox: drawBox, ShapeLamp: drawLamp, ShapeBottle: drawBottle,
	ShapeChair: drawChair, ShapeWatch: drawWatch, ShapeTrousers: drawTrousers, ShapeHat: drawHat,
	ShapeSofa: drawSofa, ShapeVase: drawVase, ShapeHeadphones: drawHeadphones, ShapeBook: drawBook,
	ShapeTee: drawTee, ShapeCardigan: drawCardigan, ShapeSweater: drawSweater, ShapePolo: drawPolo,
	ShapeCoat: drawCoat, ShapeJacket: drawJacket, ShapeWindbreaker: drawWindbreaker, ShapeRaincoat: drawRaincoat,
	ShapeSkirt: drawSkirt, ShapeJeans: drawJeans, ShapeScarf: drawScarf, ShapeMermaid: drawMermaid,
	ShapeGown: drawGown, ShapeBallgown: drawBallgown, ShapeKaftan: drawKaftan, ShapeBoot: drawBoot,
	ShapeFlat: drawFlat, ShapeSandal: drawSandal, ShapeTote: drawTote, ShapeBackpack: drawBackpack,
	ShapeCrossbody: drawCrossbody, ShapeDuffel: drawDuffel, ShapeWallet: drawWallet, ShapeTeapot: drawTeapot,
	ShapeBedding: drawBedding, ShapeCandle: drawCandle, ShapeEarbuds: drawEarbuds, ShapePowerbank: drawPowerbank,
	ShapeSmartwatch: drawSmartwatch, ShapeDesklamp: drawDesklamp, ShapeSpeaker: drawSpeaker,
	ShapePerfume: drawPerfume, ShapeDropper: drawDropper, ShapeSpray: drawSpray, ShapeLipstick: drawLipstick,
	ShapeBrushes: drawBrushes, ShapeYogamat: drawYogamat, ShapeFlask: drawFlask, ShapeCampchair: drawCampchair,
	ShapeBlocks: drawBlocks, ShapeTeddy: drawTeddy, ShapeTrain: drawTrain, ShapePaintbox: drawPaintbox,
	ShapeJournal: drawJournal, ShapePen: drawPen, ShapeOfficechair: drawOfficechair, ShapeOrganiser: drawOrganiser,
	ShapeTapes: drawTapes, ShapePendant: drawPendant, ShapeStuds: drawStuds, ShapeHoops: drawHoops,
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
	zoom, pan, flip := camera(spec.Seed)
	c := newCanvas(w, h, k.pat, zoom, pan)
	c.side = [...]float64{-0.3, -0.15, 0.15, 0.3}[(spec.Seed>>60)%4]
	c.background(k.bg)
	for _, s := range k.shadows {
		c.shadow(s[0], s[1], s[2], s[3], s[4])
	}
	for i := range k.parts {
		c.fill(&k.parts[i])
	}
	if flip {
		c.flipX()
	}
	return c.img
}

// camera varies the framing by seed (a little closer or farther, off
// centre, seen from the left or the right), as two photographers' shots of
// the same product would differ, without changing what the product looks
// like.
func camera(seed uint64) (zoom, pan float64, flip bool) {
	zoom = [...]float64{0.93, 0.96, 1, 1.03}[(seed>>56)%4]
	pan = [...]float64{-0.03, -0.01, 0.01, 0.03}[(seed>>58)%4]
	return zoom, pan, (seed>>52)&1 == 1
}
