package address

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
)

// countryCodes is ISO 3166-1 alpha-2 (249 codes).
const countryCodes = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ " +
	"BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
	"CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ " +
	"DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
	"GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU " +
	"ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ " +
	"LA LB LC LI LK LR LS LT LU LV LY " +
	"MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ " +
	"NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA " +
	"RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ " +
	"TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ " +
	"VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"

// noPostal are countries without postal codes: the form hides the field and
// the service drops whatever is sent.
const noPostal = "AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM CW DJ DM ER FJ GA GD GQ GY HK " +
	"KI KM KN KP LY ML MO MR MW NR NU QA RW SB SC SL SR ST SX SY TD TF TG TK TL TO TT TV UG VU YE ZW"

// usStates are the USPS codes: states, DC, territories and military mail.
var usStates = strings.Fields("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO " +
	"MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI AA AE AP")

// caProvinces are Canada Post's province and territory codes.
var caProvinces = strings.Fields("AB BC MB NB NL NS NT NU ON PE QC SK YT")

// postalRule is one country's postal code format. Pattern matches the
// compact code (upper case, spaces and dashes removed); format turns the
// compact code into its canonical spelling.
type postalRule struct {
	required bool
	example  string
	pattern  *regexp.Regexp
	format   func(string) string
}

// countryRule is what an address in a country needs.
type countryRule struct {
	postal         *postalRule // nil: the generic optional rule
	noPostal       bool
	regionRequired bool
	regions        []string // codes the region must be one of (US, CA)
}

func asIs(s string) string { return s }

// splitAt puts sep before the last n characters (SW1A1AA -> SW1A 1AA).
func splitAt(n int, sep string) func(string) string {
	return func(s string) string {
		if len(s) <= n {
			return s
		}
		return s[:len(s)-n] + sep + s[len(s)-n:]
	}
}

// splitAfter puts sep after the first n characters when more follow
// (123456789 -> 12345-6789).
func splitAfter(n int, sep string) func(string) string {
	return func(s string) string {
		if len(s) <= n {
			return s
		}
		return s[:n] + sep + s[n:]
	}
}

func postal(required bool, example, pattern string, format func(string) string) *postalRule {
	return &postalRule{required: required, example: example, pattern: regexp.MustCompile(pattern), format: format}
}

// rules holds the countries with rules of their own; every other known
// country takes the generic rule (postal code optional, region optional).
var rules = map[string]countryRule{
	"US": {postal: postal(true, "94105", `^\d{5}(\d{4})?$`, splitAfter(5, "-")), regionRequired: true, regions: usStates},
	"CA": {postal: postal(true, "K1A 0B1", `^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$`, splitAt(3, " ")), regionRequired: true, regions: caProvinces},
	"GB": {postal: postal(true, "SW1A 1AA", `^(GIR0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2})$`, splitAt(3, " "))},
	"DE": {postal: postal(true, "10115", `^\d{5}$`, asIs)},
	"FR": {postal: postal(true, "75008", `^\d{5}$`, asIs)},
	"ES": {postal: postal(true, "28013", `^\d{5}$`, asIs)},
	"IT": {postal: postal(true, "00184", `^\d{5}$`, asIs)},
	"NL": {postal: postal(true, "1012 AB", `^[1-9]\d{3}[A-Z]{2}$`, splitAt(2, " "))},
	"JP": {postal: postal(true, "100-0001", `^\d{7}$`, splitAfter(3, "-")), regionRequired: true},
	"CN": {postal: postal(true, "100000", `^\d{6}$`, asIs), regionRequired: true},
	"IN": {postal: postal(true, "110001", `^[1-9]\d{5}$`, asIs), regionRequired: true},
	"RU": {postal: postal(true, "101000", `^\d{6}$`, asIs)},
	"BR": {postal: postal(true, "01310-100", `^\d{8}$`, splitAfter(5, "-")), regionRequired: true},
	"AU": {postal: postal(true, "2000", `^\d{4}$`, asIs), regionRequired: true},
	"SA": {postal: postal(true, "11564", `^\d{5}$`, asIs)},
	"MX": {postal: postal(true, "06600", `^\d{5}$`, asIs), regionRequired: true},
	"IE": {postal: postal(false, "D02 X285", `^([AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}$`, splitAt(4, " "))},
}

var known = func() map[string]countryRule {
	m := map[string]countryRule{}
	for _, c := range strings.Fields(countryCodes) {
		m[c] = rules[c]
	}
	for _, c := range strings.Fields(noPostal) {
		r := m[c]
		r.noPostal = true
		m[c] = r
	}
	return m
}()

// genericPostal is the rule for countries without one of their own.
var genericPostal = regexp.MustCompile(`^[A-Z0-9](?:[A-Z0-9 -]{0,14}[A-Z0-9])?$`)

// Country is what the address form needs to know about a country.
type Country struct {
	Code           string   `json:"code"`
	PostalRequired bool     `json:"postalRequired"`
	PostalExample  string   `json:"postalExample,omitempty"`
	PostalPattern  string   `json:"postalPattern,omitempty"` // matches the code without spaces and dashes, upper case
	NoPostal       bool     `json:"noPostal,omitempty"`      // the country has no postal codes: hide the field
	RegionRequired bool     `json:"regionRequired"`
	Regions        []string `json:"regions,omitempty"` // the region must be one of these codes
}

// Countries lists every ISO 3166-1 country with its address rules, by code.
func Countries() []Country {
	codes := strings.Fields(countryCodes)
	out := make([]Country, 0, len(codes))
	for _, c := range codes {
		r := known[c]
		k := Country{Code: c, NoPostal: r.noPostal, RegionRequired: r.regionRequired, Regions: r.regions}
		if r.postal != nil {
			k.PostalRequired, k.PostalExample, k.PostalPattern = r.postal.required, r.postal.example, r.postal.pattern.String()
		}
		out = append(out, k)
	}
	return out
}

// Field names in the order the form shows them; an invalid-input error's
// message is the one of the first field in this order.
var Fields = []string{"name", "phone", "country", "region", "city", "line1", "line2", "postalCode"}

// problems collects each field's first message key (and its arguments).
type problems struct {
	keys map[string]string
	args map[string][]string
}

func (p *problems) add(field, key string, args ...string) {
	if _, seen := p.keys[field]; !seen {
		p.keys[field], p.args[field] = key, args
	}
}

// err is nil without problems; otherwise its message is the first field's.
func (p *problems) err() error {
	if len(p.keys) == 0 {
		return nil
	}
	e := &apperr.Error{Code: apperr.InvalidInput, Fields: p.keys}
	for _, f := range Fields {
		if k, ok := p.keys[f]; ok {
			e.Key, e.Args = k, p.args[f]
			break
		}
	}
	return e
}

var spaces = regexp.MustCompile(`\s+`)

// clean trims and folds runs of white space (tabs, new lines) into one space.
func clean(s string) string { return spaces.ReplaceAllString(strings.TrimSpace(s), " ") }

// tooLong says whether s exceeds n characters or the column's n bytes.
func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n || len(s) > n }

var phoneChars = regexp.MustCompile(`^[0-9 +\-()]+$`)

// check normalises in and enforces the rules; every field's first problem
// is reported, as {field: key}.
func check(in Input) (Input, error) {
	p := &problems{keys: map[string]string{}, args: map[string][]string{}}
	in.Name, in.Phone, in.City = clean(in.Name), clean(in.Phone), clean(in.City)
	in.Line1, in.Line2, in.Region = clean(in.Line1), clean(in.Line2), clean(in.Region)
	in.Country = strings.ToUpper(strings.TrimSpace(in.Country))
	in.PostalCode = strings.ToUpper(clean(in.PostalCode))

	switch {
	case in.Name == "":
		p.add("name", "AddressNameRequired")
	case tooLong(in.Name, 100):
		p.add("name", "AddressNameTooLong")
	}
	digits := 0
	for _, r := range in.Phone {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if len(in.Phone) < 5 || len(in.Phone) > 32 || !phoneChars.MatchString(in.Phone) || digits < 5 {
		p.add("phone", "AddressPhoneInvalid")
	}
	rule, ok := known[in.Country]
	if !ok {
		p.add("country", "AddressCountryInvalid")
	}
	switch {
	case len(rule.regions) > 0:
		in.Region = strings.ToUpper(in.Region)
		if !contains(rule.regions, in.Region) { // empty included
			p.add("region", "AddressRegionChoose")
		}
	case rule.regionRequired && in.Region == "":
		p.add("region", "AddressRegionRequired")
	case tooLong(in.Region, 100):
		p.add("region", "AddressRegionTooLong")
	}
	switch {
	case in.City == "":
		p.add("city", "AddressCityRequired")
	case tooLong(in.City, 100):
		p.add("city", "AddressCityTooLong")
	}
	switch {
	case in.Line1 == "":
		p.add("line1", "AddressLine1Required")
	case tooLong(in.Line1, 200):
		p.add("line1", "AddressLineTooLong")
	}
	if tooLong(in.Line2, 200) {
		p.add("line2", "AddressLineTooLong")
	}
	if ok {
		in.PostalCode = checkPostal(p, rule, in.PostalCode)
	}
	return in, p.err()
}

// checkPostal validates a postal code (upper case, spaces folded) and
// returns its canonical spelling.
func checkPostal(p *problems, rule countryRule, code string) string {
	switch {
	case rule.noPostal:
		return ""
	case rule.postal != nil:
		c := strings.NewReplacer(" ", "", "-", "").Replace(code)
		if c == "" {
			if rule.postal.required {
				p.add("postalCode", "AddressPostalRequired")
			}
			return ""
		}
		if !rule.postal.pattern.MatchString(c) {
			p.add("postalCode", "AddressPostalFormat", "example", rule.postal.example)
			return code
		}
		return rule.postal.format(c)
	case code != "" && !genericPostal.MatchString(code):
		p.add("postalCode", "AddressPostalInvalid")
	}
	return code
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
