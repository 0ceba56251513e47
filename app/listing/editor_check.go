package listing

import (
	"crypto/rand"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
)

// Errors of the structured goods fields (catalogue keys).
const (
	editorErrNotYours  = "FormNotYours"
	editorErrDuplicate = "FormDuplicate"
	editorErrCombo     = "FormBadCombination"
	editorErrSwatch    = "FormBadSwatch"
	editorErrCurrency  = "FormBadCurrency"
	editorErrOrder     = "FormRangeOrder"
)

var editorSwatchRe = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func editorUID(prefix string) string {
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// editorChecker checks the structured fields of one save. known holds the
// attribute value and sku ids this goods item already has (live or
// pending): an id the seller sends must be one of them, so nobody can
// reach another item's skus by naming them.
type editorChecker struct {
	cat      *catalog.Service
	owner    string
	knownIDs map[string]bool
	// knownImages are the large URLs of the item's live pictures.
	knownImages map[string]bool
	// categories are the codes of the catalogue's categories.
	categories map[string]bool
}

func (c *editorChecker) base(all form.Values) (string, int) {
	list, _ := all["prices"].([]any)
	if len(list) > 0 {
		if m, ok := list[0].(map[string]any); ok {
			if code, ok := m["c"].(string); ok {
				if cur, ok := c.cat.Currency(code); ok {
					return cur.Code, cur.Digits
				}
			}
		}
	}
	return "", 2
}

func (c *editorChecker) check(fd form.Field, raw any, all form.Values) (any, map[string]string, bool) {
	switch fd.Type {
	case form.AttrGroups, form.Skus, form.Scenario, form.Prices, form.Ranges:
	case form.Images:
		v, errs := c.images(fd, raw)
		return v, errs, true
	case form.Category:
		v, errs := c.category(fd, raw)
		return v, errs, true
	default:
		return nil, nil, false
	}
	v, errs := c.structured(fd, raw, all)
	return v, errs, true
}

// category is the code of one of the catalogue's categories.
func (c *editorChecker) category(fd form.Field, raw any) (any, map[string]string) {
	code, ok := raw.(string)
	switch {
	case !ok && raw != nil:
		return nil, map[string]string{fd.Key: form.ErrOption}
	case code == "" && fd.Required:
		return nil, map[string]string{fd.Key: form.ErrRequired}
	case code == "":
		return nil, nil
	case !c.categories[code]:
		return nil, map[string]string{fd.Key: form.ErrOption}
	}
	return code, nil
}

// images are the owner's uploads, or pictures the item already has (the
// demo's goods were not uploaded by their sellers).
func (c *editorChecker) images(fd form.Field, raw any) (any, map[string]string) {
	list, ok := raw.([]any)
	if !ok {
		return nil, map[string]string{fd.Key: form.ErrList}
	}
	if fd.MaxItems > 0 && len(list) > fd.MaxItems {
		return nil, map[string]string{fd.Key: form.ErrTooMany}
	}
	out := make([]any, 0, len(list))
	seen := map[string]bool{}
	for i, it := range list {
		s, ok := it.(string)
		if !ok || seen[s] || !(c.knownImages[s] || form.OwnUpload(s, fd.Disk, c.owner)) {
			return nil, map[string]string{editorPath(fd.Key, i, ""): form.ErrImage}
		}
		seen[s] = true
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

func (c *editorChecker) structured(fd form.Field, raw any, all form.Values) (any, map[string]string) {
	list, ok := raw.([]any)
	if !ok {
		return nil, map[string]string{fd.Key: form.ErrList}
	}
	if fd.MaxItems > 0 && len(list) > fd.MaxItems {
		return nil, map[string]string{fd.Key: form.ErrTooMany}
	}
	if len(list) == 0 {
		if fd.Required {
			return nil, map[string]string{fd.Key: form.ErrRequired}
		}
		return nil, nil
	}
	bad := map[string]string{}
	var out []any
	switch fd.Type {
	case form.AttrGroups:
		out = c.attrs(fd, list, all, bad)
	case form.Skus:
		out = c.skus(fd, list, all, bad)
	case form.Scenario:
		out = c.scenario(fd, list, all, bad)
	case form.Prices:
		out = c.prices(fd, list, bad)
	case form.Ranges:
		out = c.ranges(fd, list, all, bad)
	default:
		bad[fd.Key] = form.ErrUnknown
	}
	if len(bad) > 0 {
		return nil, bad
	}
	return out, nil
}

func editorPath(key string, i int, sub string) string {
	p := key + "." + strconv.Itoa(i)
	if sub != "" {
		p += "." + sub
	}
	return p
}

// editorLine is a required one-line text of at most max characters.
func editorLine(raw any, max int) (string, string) {
	v, err := form.Validate(&form.Form{Fields: []form.Field{{Key: "v", Type: form.Text, Required: true, MaxLen: max}}},
		form.Values{"v": raw}, "")
	if e, ok := apperr.As(err); ok {
		return "", e.Fields["v"]
	}
	if err != nil {
		return "", form.ErrText
	}
	return v["v"].(string), ""
}

func (c *editorChecker) id(raw any, prefix string, seen map[string]bool) (string, string) {
	if raw == nil || raw == "" {
		return editorUID(prefix), ""
	}
	s, ok := raw.(string)
	if !ok || !c.knownIDs[s] {
		return "", editorErrNotYours
	}
	if seen[s] {
		return "", editorErrDuplicate
	}
	seen[s] = true
	return s, ""
}

// editorIn reports whether s is one of the strings of list.
func editorIn(s string, list any) bool {
	l, _ := list.([]any)
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func (c *editorChecker) attrs(fd form.Field, list []any, all form.Values, bad map[string]string) []any {
	out := make([]any, 0, len(list))
	seen := map[string]bool{}
	for i, g := range list {
		m, ok := g.(map[string]any)
		if !ok {
			bad[editorPath(fd.Key, i, "")] = form.ErrList
			continue
		}
		name, e := editorLine(m["name"], fd.MaxLen)
		if e != "" {
			bad[editorPath(fd.Key, i, "name")] = e
		}
		vals, _ := m["values"].([]any)
		if len(vals) == 0 || len(vals) > editorMaxGroupValues {
			bad[editorPath(fd.Key, i, "values")] = map[bool]string{true: form.ErrRequired, false: form.ErrTooMany}[len(vals) == 0]
			continue
		}
		cv := make([]any, 0, len(vals))
		for j, v := range vals {
			vm, ok := v.(map[string]any)
			p := editorPath(fd.Key, i, "values."+strconv.Itoa(j))
			if !ok {
				bad[p] = form.ErrList
				continue
			}
			vn, e := editorLine(vm["name"], fd.MaxLen)
			if e != "" {
				bad[p+".name"] = e
			}
			id, e := c.id(vm["id"], "sa", seen)
			if e != "" {
				bad[p+".id"] = e
			}
			img, _ := vm["img"].(string)
			if vm["img"] != nil && vm["img"] != "" && !editorIn(img, all["images"]) {
				bad[p+".img"] = form.ErrImage
			}
			cv = append(cv, map[string]any{"id": id, "name": vn, "img": img})
		}
		out = append(out, map[string]any{"name": name, "values": cv})
	}
	return out
}

func editorGroupSizes(all form.Values) []int {
	groups, _ := all["attrs"].([]any)
	var n []int
	for _, g := range groups {
		m, _ := g.(map[string]any)
		vals, _ := m["values"].([]any)
		n = append(n, len(vals))
	}
	return n
}

func (c *editorChecker) skus(fd form.Field, list []any, all form.Values, bad map[string]string) []any {
	sizes := editorGroupSizes(all)
	_, digits := c.base(all)
	if len(sizes) == 0 {
		bad[fd.Key] = editorErrCombo // skus are combinations of attribute values
		return nil
	}
	out := make([]any, 0, len(list))
	seen, combos := map[string]bool{}, map[string]bool{}
	for i, s := range list {
		m, ok := s.(map[string]any)
		if !ok {
			bad[editorPath(fd.Key, i, "")] = form.ErrList
			continue
		}
		id, e := c.id(m["id"], "sk", seen)
		if e != "" {
			bad[editorPath(fd.Key, i, "id")] = e
		}
		a, _ := m["a"].([]any)
		key := ""
		if len(a) != len(sizes) {
			bad[editorPath(fd.Key, i, "a")] = editorErrCombo
		} else {
			idx := make([]any, len(a))
			for g, x := range a {
				n, ok := editorInt(x)
				if !ok || n < 0 || n >= sizes[g] {
					bad[editorPath(fd.Key, i, "a")] = editorErrCombo
					break
				}
				idx[g], key = n, key+","+strconv.Itoa(n)
			}
			a = idx
		}
		if combos[key] && key != "" {
			bad[editorPath(fd.Key, i, "a")] = editorErrDuplicate
		}
		combos[key] = true
		price, e := editorMinor(m["price"], digits)
		if e == "" && price <= 0 {
			e = form.ErrSmall
		}
		if e != "" {
			bad[editorPath(fd.Key, i, "price")] = e
		}
		stock, ok := editorInt(m["stock"])
		switch {
		case !ok:
			bad[editorPath(fd.Key, i, "stock")] = form.ErrWhole
		case stock < 0:
			bad[editorPath(fd.Key, i, "stock")] = form.ErrSmall
		case stock > editorMaxStock:
			bad[editorPath(fd.Key, i, "stock")] = form.ErrLarge
		}
		out = append(out, map[string]any{"id": id, "a": a, "price": editorFormat(price, digits), "stock": stock})
	}
	return out
}

func (c *editorChecker) scenario(fd form.Field, list []any, all form.Values, bad map[string]string) []any {
	_, digits := c.base(all)
	out := make([]any, 0, len(list))
	labels := map[int]bool{}
	for i, l := range list {
		m, ok := l.(map[string]any)
		if !ok {
			bad[editorPath(fd.Key, i, "")] = form.ErrList
			continue
		}
		label, ok := editorInt(m["labelId"])
		if !ok || (label != catalog.LabelColour && label != catalog.LabelSize) {
			bad[editorPath(fd.Key, i, "labelId")] = form.ErrOption
			continue
		}
		if labels[label] {
			bad[editorPath(fd.Key, i, "labelId")] = editorErrDuplicate
		}
		labels[label] = true
		opts, _ := m["options"].([]any)
		if len(opts) == 0 || len(opts) > editorMaxOptions {
			bad[editorPath(fd.Key, i, "options")] = map[bool]string{true: form.ErrRequired, false: form.ErrTooMany}[len(opts) == 0]
			continue
		}
		co := make([]any, 0, len(opts))
		ids := map[int]bool{}
		for j, o := range opts {
			p := editorPath(fd.Key, i, "options."+strconv.Itoa(j))
			om, ok := o.(map[string]any)
			if !ok {
				bad[p] = form.ErrList
				continue
			}
			id, ok := editorInt(om["optionId"])
			switch {
			case !ok || id < 1 || id > 100000 || (label == catalog.LabelSize && !editorSizeOption(id)):
				bad[p+".optionId"] = form.ErrOption
			case ids[id]:
				bad[p+".optionId"] = editorErrDuplicate
			}
			ids[id] = true
			add := int64(0)
			if om["addPrice"] != nil && om["addPrice"] != "" {
				var e string
				if add, e = editorMinor(om["addPrice"], digits); e != "" {
					bad[p+".addPrice"] = e
				}
			}
			opt := map[string]any{"optionId": id, "addPrice": editorFormat(add, digits)}
			if label == catalog.LabelColour {
				name, e := editorLine(om["name"], fd.MaxLen)
				if e != "" {
					bad[p+".name"] = e
				}
				sw, _ := om["swatch"].(string)
				if !editorSwatchRe.MatchString(sw) {
					bad[p+".swatch"] = editorErrSwatch
				}
				opt["name"], opt["swatch"] = name, strings.ToLower(sw)
			}
			co = append(co, opt)
		}
		out = append(out, map[string]any{"labelId": label, "options": co})
	}
	return out
}

func (c *editorChecker) prices(fd form.Field, list []any, bad map[string]string) []any {
	out := make([]any, 0, len(list))
	seen := map[string]bool{}
	for i, p := range list {
		m, ok := p.(map[string]any)
		if !ok {
			bad[editorPath(fd.Key, i, "")] = form.ErrList
			continue
		}
		code, _ := m["c"].(string)
		cur, ok := c.cat.Currency(code)
		if !ok {
			bad[editorPath(fd.Key, i, "c")] = editorErrCurrency
			continue
		}
		if seen[code] {
			bad[editorPath(fd.Key, i, "c")] = editorErrDuplicate
		}
		seen[code] = true
		amt, e := editorMinor(m["amount"], cur.Digits)
		if e == "" && amt <= 0 {
			e = form.ErrSmall
		}
		if e != "" {
			bad[editorPath(fd.Key, i, "amount")] = e
		}
		out = append(out, map[string]any{"c": code, "amount": editorFormat(amt, cur.Digits)})
	}
	return out
}

func (c *editorChecker) ranges(fd form.Field, list []any, all form.Values, bad map[string]string) []any {
	_, digits := c.base(all)
	minQty, _ := editorInt(all["minQty"])
	out := make([]any, 0, len(list))
	last := 0
	for i, r := range list {
		m, ok := r.(map[string]any)
		if !ok {
			bad[editorPath(fd.Key, i, "")] = form.ErrList
			continue
		}
		q, ok := editorInt(m["startQty"])
		switch {
		case !ok:
			bad[editorPath(fd.Key, i, "startQty")] = form.ErrWhole
		case q < max(minQty, 1) || q > 1000000:
			bad[editorPath(fd.Key, i, "startQty")] = form.ErrSmall
		case q <= last:
			bad[editorPath(fd.Key, i, "startQty")] = editorErrOrder
		}
		last = q
		amt, e := editorMinor(m["amount"], digits)
		if e == "" && amt <= 0 {
			e = form.ErrSmall
		}
		if e != "" {
			bad[editorPath(fd.Key, i, "amount")] = e
		}
		out = append(out, map[string]any{"startQty": q, "amount": editorFormat(amt, digits)})
	}
	return out
}
