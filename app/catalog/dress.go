package catalog

import (
	"context"
	"fmt"
	"time"

	"souk/ent/homeblock"
)

// Scenario labels and the custom size option (SPEC §3, §4).
const (
	LabelColour      = 2
	LabelSize        = 9
	CustomSizeOption = 1
	FirstSizeOption  = 118
	LastSizeOption   = 180
)

// SizeRow is one standard dress size: bust, waist, hips and hollow-to-floor
// in centimetres. Pages work out the inches (views/pages/goods/sizes.ts
// toInch): sixty rows of both were an eighth of a dress page.
type SizeRow struct {
	ID    int       `json:"id"`
	Label string    `json:"label"`
	CM    []float64 `json:"cm"`
}

// The spec leaves the chart's values to us. Decision: options 118-180 are 21
// body sizes (US 0-26 and 16W-28W) in three heights: 118-138 petite,
// 139-159 regular, 160-180 tall. Measurements follow common US bridal charts.
var sizeChart = buildSizeChart()

func buildSizeChart() map[int]SizeRow {
	bodies := []string{"0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24", "26", "16W", "18W", "20W", "22W", "24W", "26W", "28W"}
	heights := []struct {
		suffix string
		h2f    float64
	}{{" P", 142}, {"", 150}, {" T", 158}}
	out := map[int]SizeRow{}
	id := FirstSizeOption
	for _, h := range heights {
		for i, b := range bodies {
			bust := 80 + 2.5*float64(i)
			if i >= 14 { // women's sizes are cut fuller
				bust = 108 + 5*float64(i-14)
			}
			cm := []float64{bust, bust - 20 + float64(i)*0.5, bust + 6, h.h2f + float64(i)*0.5}
			out[id] = SizeRow{ID: id, Label: "US " + b + h.suffix, CM: cm}
			id++
		}
	}
	return out
}

// SizeLabel names a standard size option ("US 8", "US 8 P"); "" if unknown.
func SizeLabel(optionID int) string { return sizeChart[optionID].Label }

// HasSizeLabel tells whether the goods offer the size label 9.
func HasSizeLabel(g *Goods) bool {
	for _, l := range g.ScenarioLabels {
		if l.LabelID == LabelSize {
			return true
		}
	}
	return false
}

// SizeChartFor returns the chart rows of the standard sizes the goods offer.
func SizeChartFor(g *Goods) []SizeRow {
	out := []SizeRow{}
	for _, l := range g.ScenarioLabels {
		if l.LabelID != LabelSize {
			continue
		}
		for _, v := range l.Values {
			if row, ok := sizeChart[v.ID]; ok {
				out = append(out, row)
			}
		}
	}
	return out
}

// Delivery holds the dress delivery dates of SPEC §9 (times in ms). The
// spec gives the numbers, we gave the meanings (README, Decisions):
//   - Accepted: the seller confirms the order (and the measurements) by then.
//   - Standard: a dress in a standard size arrives by then.
//   - Estimated: a custom-size dress is sewn to the measurements in
//     TailoringDays working days, then shipped in ShippingDays working days,
//     so it arrives around then.
type Delivery struct {
	Accepted      int64 `json:"accepted"`
	Standard      int64 `json:"standard"`
	Estimated     int64 `json:"estimated"`
	TailoringDays int   `json:"tailoringDays"`
	ShippingDays  int   `json:"shippingDays"`
}

// SPEC §9's dress delivery constants.
const (
	acceptDays    = 15
	standardDays  = 25
	tailoringDays = 71
	shippingDays  = 35
)

// DressDelivery computes the dates from now; the product page, checkout and
// orders all take them from here.
func DressDelivery(now time.Time) Delivery {
	day := 24 * time.Hour
	return Delivery{
		Accepted: now.Add(acceptDays * day).UnixMilli(), Standard: now.Add(standardDays * day).UnixMilli(),
		Estimated:     AddWorkingDays(now, tailoringDays+shippingDays).UnixMilli(),
		TailoringDays: tailoringDays, ShippingDays: shippingDays,
	}
}

// AddWorkingDays counts n days from t, skipping Saturdays and Sundays.
func AddWorkingDays(t time.Time, n int) time.Time {
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if wd := t.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n--
		}
	}
	return t
}

// BuyingTexts returns the wholesale buying steps and the refund text.
func (s *Service) BuyingTexts(ctx context.Context, lang string) ([]Txt, Txt, error) {
	rows, err := s.db.HomeBlock.Query().Where(homeblock.KeyIn("steps", "refund")).All(ctx)
	if err != nil {
		return nil, Txt{}, fmt.Errorf("catalog: load buying texts: %w", err)
	}
	var steps []Txt
	var refund Txt
	for _, r := range rows {
		switch r.Key {
		case "steps":
			for _, st := range anyList(r.Payload["items"]) {
				steps = append(steps, langPick(st, lang))
			}
		case "refund":
			refund = langPick(r.Payload["text"], lang)
		}
	}
	return steps, refund, nil
}

func anyList(v any) []any {
	l, _ := v.([]any)
	return l
}

// IdentityTypeName is the URL name of an identity type.
func IdentityTypeName(t int) string {
	for name, id := range IdentityTypeNames {
		if id == t {
			return name
		}
	}
	return fmt.Sprint(t)
}
