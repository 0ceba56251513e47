package seed

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"souk/app/media"
	"souk/app/seed/content"
)

// templateKinds is what each product template's pictures must show: the
// media look (shape, and a print only where the title names one). A new
// template must be added here, with a drawing of its own kind.
var templateKinds = map[string]string{
	// womens-fashion
	"silk-scarf": "scarf", "linen-blouse": "shirt", "cashmere-cardigan": "cardigan",
	"satin-wrap-skirt": "skirt", "wool-coat": "coat", "high-rise-jeans": "jeans",
	// mens-fashion
	"oxford-shirt": "shirt", "merino-sweater": "sweater", "stretch-chinos": "trousers",
	"denim-jacket": "jacket", "pique-polo": "polo",
	// shoes
	"leather-sneakers": "shoe", "running-shoes": "shoe", "chelsea-boots": "boot", "ballet-flats": "flat",
	"leather-sandals": "sandal",
	// bags
	"leather-tote": "tote", "waxed-canvas-backpack": "backpack", "mini-crossbody-bag": "crossbody",
	"weekender-duffel": "duffel", "slim-bifold-wallet": "wallet",
	// home-kitchen
	"stoneware-mug": "mug", "cast-iron-teapot": "teapot", "linen-duvet-set": "bedding",
	"ceramic-table-lamp": "lamp", "velvet-armchair": "chair", "soy-candle": "candle",
	// electronics-accessories
	"wireless-earbuds": "earbuds", "over-ear-headphones": "headphones", "usb-c-power-bank": "powerbank",
	"fitness-smartwatch": "smartwatch", "led-desk-lamp": "desklamp", "bluetooth-speaker": "speaker",
	// beauty
	"oud-rose-parfum": "perfume", "vitamin-c-serum": "dropper", "argan-oil": "dropper",
	"satin-lipstick-trio": "lipstick", "makeup-brush-set": "brushes", "rose-water-toner": "spray",
	// sports-outdoors
	"rubber-yoga-mat": "yogamat", "insulated-water-bottle": "flask", "hiking-backpack-35l": "backpack",
	"folding-camp-chair": "campchair", "packable-running-jacket": "windbreaker",
	// toys-kids
	"wooden-building-blocks": "blocks", "organic-teddy-bear": "teddy", "kids-raincoat": "raincoat",
	"wooden-train-set": "train", "kids-watercolour-set": "paintbox",
	// office-stationery
	"leather-journal": "journal", "brass-fountain-pen": "pen", "ergonomic-office-chair": "officechair",
	"bamboo-desk-organiser": "organiser", "washi-tape-set": "tapes",
	// jewelry-watches
	"automatic-dress-watch": "watch", "crescent-moon-pendant": "pendant", "freshwater-pearl-studs": "studs",
	"gold-vermeil-hoops": "hoops", "minimalist-quartz-watch": "watch",
	// dresses
	"lace-a-line-wedding-dress": "dress-lace", "satin-mermaid-wedding-gown": "mermaid",
	"boho-chiffon-wedding-dress": "dress", "satin-cowl-evening-gown": "gown",
	"sequin-evening-dress": "dress-sequins", "chiffon-bridesmaid-dress": "gown",
	"tulle-ball-gown-prom-dress": "ballgown", "crepe-cocktail-dress": "dress",
	"embroidered-kaftan-gown": "kaftan-embroidery", "flower-girl-tulle-dress": "ballgown",
}

// genericKinds are drawings that only fit goods that are exactly that (a
// T-shirt, a gift box); no template may fall back to them.
var genericKinds = map[media.Shape]bool{media.ShapeTee: true, media.ShapeBox: true}

// printWords are the words of a title that name a print.
var printWords = map[media.Print][]string{
	media.PrintStripes: {"stripe"}, media.PrintDots: {"polka", "dotted"}, media.PrintChecks: {"gingham", "check", "plaid"},
	media.PrintLace: {"lace"}, media.PrintSequins: {"sequin"}, media.PrintEmbroidery: {"embroider"},
}

func TestTemplatePicturesShowTheirKind(t *testing.T) {
	c, err := loadContent()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range c.Products {
		seen[p.Key] = true
		want, ok := templateKinds[p.Key]
		if !ok {
			t.Errorf("%s: no expected picture kind in templateKinds", p.Key)
			continue
		}
		if p.Shape != want {
			t.Errorf("%s (%s): drawn as %q, want %q", p.Key, p.Name["en"], p.Shape, want)
		}
		shape, print, ok := media.ParseLook(p.Shape)
		if !ok {
			t.Errorf("%s: media draws no %q", p.Key, p.Shape)
			continue
		}
		if genericKinds[shape] {
			t.Errorf("%s (%s): falls back to the generic %s", p.Key, p.Name["en"], shape)
		}
		if named := namedPrint(p.Name["en"]); named != print {
			t.Errorf("%s (%s): print %s, but the title names %s", p.Key, p.Name["en"], print, named)
		}
	}
	for key := range templateKinds {
		if !seen[key] {
			t.Errorf("templateKinds names %s, which is no template", key)
		}
	}
}

// namedPrint is the print a product title names, or PrintPlain.
func namedPrint(title string) media.Print {
	title = strings.ToLower(title)
	for p, words := range printWords {
		for _, w := range words {
			if strings.Contains(title, w) {
				return p
			}
		}
	}
	return media.PrintPlain
}

// Every template's pictures, in every colour it comes in, are mostly that
// colour: the dominant colour of the product (backdrop and shadows left
// out) is a shade of the colour its title names, and at least half of the
// product is.
func TestTemplatePicturesShowTheirColour(t *testing.T) {
	c, err := loadContent()
	if err != nil {
		t.Fatal(err)
	}
	b := &builder{c: c}
	for i, p := range c.Products {
		for _, col := range b.palette(p) {
			spec, ok := specOf(imageUID(p.Shape, col.Hex, fmt.Sprintf("trcolour%d", i), 0))
			if !ok {
				t.Fatalf("%s: no picture spec", p.Key)
			}
			title := hexColour(col)
			fg := foreground(spec, 128)
			dom := dominant(fg)
			if d := shadeDist(dom, title); d > 24 {
				t.Errorf("%s · %s: dominant colour %v is no shade of %s (off by %.0f)", p.Key, col.Key, dom, col.Hex, d)
			} else if other := nearestColour(c.Colors, dom); shadeDist(hexColour(other), title) > 24 {
				t.Errorf("%s · %s: dominant colour %v looks %s", p.Key, col.Key, dom, other.Key)
			}
			if share := shadeShare(fg, title); share < 0.5 {
				t.Errorf("%s · %s: only %.2f of the product is %s", p.Key, col.Key, share, col.Key)
			}
		}
	}
}

// foreground returns the product's pixels: those drawn identically over a
// white and a black backdrop (backdrop, shadows and anti-aliased edges
// differ).
func foreground(spec media.DemoSpec, size int) []color.RGBA {
	spec.Background = color.RGBA{255, 255, 255, 255}
	onWhite := media.RenderDemo(spec, size, size)
	spec.Background = color.RGBA{0, 0, 0, 255}
	onBlack := media.RenderDemo(spec, size, size)
	var out []color.RGBA
	for i := 0; i < len(onWhite.Pix); i += 4 {
		a, b := onWhite.Pix[i:i+3], onBlack.Pix[i:i+3]
		if a[0] == b[0] && a[1] == b[1] && a[2] == b[2] {
			out = append(out, color.RGBA{a[0], a[1], a[2], 255})
		}
	}
	return out
}

// dominant is the mean colour of the most populous 16-level colour bin.
func dominant(px []color.RGBA) color.RGBA {
	type acc struct{ n, r, g, b int }
	bins := map[int]*acc{}
	var best *acc
	for _, c := range px {
		k := int(c.R>>4)<<8 | int(c.G>>4)<<4 | int(c.B>>4)
		a := bins[k]
		if a == nil {
			a = &acc{}
			bins[k] = a
		}
		a.n, a.r, a.g, a.b = a.n+1, a.r+int(c.R), a.g+int(c.G), a.b+int(c.B)
		if best == nil || a.n > best.n {
			best = a
		}
	}
	if best == nil {
		return color.RGBA{}
	}
	return color.RGBA{uint8(best.r / best.n), uint8(best.g / best.n), uint8(best.b / best.n), 255}
}

// shadeDist is how far c is from the nearest lit or shaded version of
// main (main scaled by 0.55-1.25, the renderer's lighting range).
func shadeDist(c, main color.RGBA) float64 {
	best := 1e9
	for k := 0.55; k <= 1.25; k += 0.01 {
		dr := float64(c.R) - min(255, float64(main.R)*k)
		dg := float64(c.G) - min(255, float64(main.G)*k)
		db := float64(c.B) - min(255, float64(main.B)*k)
		best = min(best, dr*dr+dg*dg+db*db)
	}
	return math.Sqrt(best)
}

func shadeShare(px []color.RGBA, main color.RGBA) float64 {
	n := 0
	for _, c := range px {
		if shadeDist(c, main) < 40 {
			n++
		}
	}
	return float64(n) / float64(max(len(px), 1))
}

// nearestColour is the catalogue colour c is the closest shade of.
func nearestColour(cs []content.Color, c color.RGBA) content.Color {
	best, bestD := cs[0], 1e9
	for _, col := range cs {
		if d := shadeDist(c, hexColour(col)); d < bestD {
			best, bestD = col, d
		}
	}
	return best
}

func hexColour(c content.Color) color.RGBA {
	var r, g, b uint8
	fmt.Sscanf(c.Hex, "#%02x%02x%02x", &r, &g, &b)
	return color.RGBA{r, g, b, 255}
}
