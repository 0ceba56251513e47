package address

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"souk/app/apperr"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/address"
)

type fixture struct {
	*Service
	db       *ent.Client
	ana, bob int
}

func newFixture(t *testing.T, db *ent.Client) *fixture {
	ctx := context.Background()
	ana := db.User.Create().SetUID("uana").SetUserName("ana").SaveX(ctx)
	bob := db.User.Create().SetUID("ubob").SetUserName("bob").SaveX(ctx)
	return &fixture{Service: New(db), db: db, ana: ana.ID, bob: bob.ID}
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v: code %d, want %d", err, got, code)
	}
}

// valid is a good US address; tests change what they need.
func valid() Input {
	return Input{Name: "Ana Lima", Phone: "+1 (415) 555-0100", Country: "US", Region: "CA", City: "San Francisco",
		Line1: "1 Market St", PostalCode: "94105"}
}

func with(f func(*Input)) Input {
	in := valid()
	f(&in)
	return in
}

func TestCheck(t *testing.T) {
	cases := []struct {
		name  string
		in    Input
		field string // "" = valid
		key   string
		check func(Input) bool // on the normalised input, when valid
	}{
		{"valid US", valid(), "", "", nil},
		{"trimmed", with(func(i *Input) { i.Name, i.City = "  Ana \t Lima ", " SF\n" }), "", "",
			func(i Input) bool { return i.Name == "Ana Lima" && i.City == "SF" }},
		{"US ZIP+4", with(func(i *Input) { i.PostalCode = "941051234" }), "", "", func(i Input) bool { return i.PostalCode == "94105-1234" }},
		{"US ZIP+4 spaced", with(func(i *Input) { i.PostalCode = " 94105 1234 " }), "", "", func(i Input) bool { return i.PostalCode == "94105-1234" }},
		{"US short ZIP", with(func(i *Input) { i.PostalCode = "9410" }), "postalCode", "AddressPostalFormat", nil},
		{"US letters", with(func(i *Input) { i.PostalCode = "9410A" }), "postalCode", "AddressPostalFormat", nil},
		{"US no ZIP", with(func(i *Input) { i.PostalCode = "" }), "postalCode", "AddressPostalRequired", nil},
		{"US no state", with(func(i *Input) { i.Region = "" }), "region", "AddressRegionChoose", nil},
		{"US unknown state", with(func(i *Input) { i.Region = "ZZ" }), "region", "AddressRegionChoose", nil},
		{"US state lower case", with(func(i *Input) { i.Region = "ny" }), "", "", func(i Input) bool { return i.Region == "NY" }},
		{"CA", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "ca", "QC", "h2x1y4" }), "", "",
			func(i Input) bool { return i.Country == "CA" && i.PostalCode == "H2X 1Y4" }},
		{"CA bad code", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "CA", "ON", "12345" }), "postalCode", "AddressPostalFormat", nil},
		{"CA US state", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "CA", "NY", "K1A 0B1" }), "region", "AddressRegionChoose", nil},
		{"GB", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "GB", "", "sw1a1aa" }), "", "", func(i Input) bool { return i.PostalCode == "SW1A 1AA" }},
		{"GB short form", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "GB", "", "M1 1AE" }), "", "", func(i Input) bool { return i.PostalCode == "M1 1AE" }},
		{"GB bad", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "GB", "", "12345" }), "postalCode", "AddressPostalFormat", nil},
		{"DE", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "DE", "", "10115" }), "", "", nil},
		{"DE four digits", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "DE", "", "1011" }), "postalCode", "AddressPostalFormat", nil},
		{"FR missing", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "FR", "", "" }), "postalCode", "AddressPostalRequired", nil},
		{"ES", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "ES", "", "28013" }), "", "", nil},
		{"IT", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "IT", "", "00184" }), "", "", nil},
		{"NL", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "NL", "", "1012ab" }), "", "", func(i Input) bool { return i.PostalCode == "1012 AB" }},
		{"NL digits only", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "NL", "", "1012" }), "postalCode", "AddressPostalFormat", nil},
		{"JP", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "JP", "東京都", "1000001" }), "", "",
			func(i Input) bool { return i.PostalCode == "100-0001" && i.Region == "東京都" }},
		{"JP no prefecture", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "JP", "", "100-0001" }), "region", "AddressRegionRequired", nil},
		{"CN", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "CN", "北京市", "100000" }), "", "", nil},
		{"CN five digits", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "CN", "北京市", "10000" }), "postalCode", "AddressPostalFormat", nil},
		{"IN leading zero", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "IN", "Delhi", "010001" }), "postalCode", "AddressPostalFormat", nil},
		{"RU", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "RU", "", "101000" }), "", "", nil},
		{"BR", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "BR", "SP", "01310100" }), "", "", func(i Input) bool { return i.PostalCode == "01310-100" }},
		{"BR no state", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "BR", "", "01310-100" }), "region", "AddressRegionRequired", nil},
		{"AU", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "AU", "NSW", "2000" }), "", "", nil},
		{"AU five digits", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "AU", "NSW", "20000" }), "postalCode", "AddressPostalFormat", nil},
		{"MX no state", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "MX", "", "06600" }), "region", "AddressRegionRequired", nil},
		{"SA", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "SA", "", "11564" }), "", "", nil},
		{"SA four digits", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "SA", "", "1156" }), "postalCode", "AddressPostalFormat", nil},
		{"AE has none", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "AE", "Dubai", "" }), "", "", nil},
		{"AE code dropped", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "AE", "", "00000" }), "", "", func(i Input) bool { return i.PostalCode == "" }},
		{"HK has none", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "HK", "", "" }), "", "", nil},
		{"QA has none", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "QA", "", "" }), "", "", nil},
		{"IE optional", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "IE", "", "" }), "", "", nil},
		{"IE Eircode", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "IE", "", "d02x285" }), "", "", func(i Input) bool { return i.PostalCode == "D02 X285" }},
		{"IE bad Eircode", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "IE", "", "12345" }), "postalCode", "AddressPostalFormat", nil},
		{"other optional", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "KE", "", "" }), "", "", nil},
		{"other free form", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "PL", "", "00-950" }), "", "", nil},
		{"other bad chars", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "PL", "", "00#950" }), "postalCode", "AddressPostalInvalid", nil},
		{"other too long", with(func(i *Input) { i.Country, i.Region, i.PostalCode = "PL", "", strings.Repeat("1", 17) }), "postalCode", "AddressPostalInvalid", nil},
		{"unknown country", with(func(i *Input) { i.Country = "XX" }), "country", "AddressCountryInvalid", nil},
		{"no country", with(func(i *Input) { i.Country = "" }), "country", "AddressCountryInvalid", nil},
		{"alpha-3 country", with(func(i *Input) { i.Country = "USA" }), "country", "AddressCountryInvalid", nil},
		{"no name", with(func(i *Input) { i.Name = "  " }), "name", "AddressNameRequired", nil},
		{"long name", with(func(i *Input) { i.Name = strings.Repeat("a", 101) }), "name", "AddressNameTooLong", nil},
		{"Arabic name", with(func(i *Input) { i.Name = strings.Repeat("ع", 50) }), "", "", nil},
		{"short phone", with(func(i *Input) { i.Phone = "1234" }), "phone", "AddressPhoneInvalid", nil},
		{"phone letters", with(func(i *Input) { i.Phone = "call 5550100" }), "phone", "AddressPhoneInvalid", nil},
		{"phone few digits", with(func(i *Input) { i.Phone = "+(12)-34" }), "phone", "AddressPhoneInvalid", nil},
		{"phone too long", with(func(i *Input) { i.Phone = strings.Repeat("1", 33) }), "phone", "AddressPhoneInvalid", nil},
		{"no city", with(func(i *Input) { i.City = "" }), "city", "AddressCityRequired", nil},
		{"no street", with(func(i *Input) { i.Line1 = "" }), "line1", "AddressLine1Required", nil},
		{"long line2", with(func(i *Input) { i.Line2 = strings.Repeat("b", 201) }), "line2", "AddressLineTooLong", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := check(c.in)
			if c.field == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				if c.check != nil && !c.check(out) {
					t.Fatalf("normalised to %+v", out)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.InvalidInput {
				t.Fatalf("want invalid input, got %v", err)
			}
			if e.Fields[c.field] != c.key || len(e.Fields) != 1 {
				t.Fatalf("fields %v, want {%s: %s}", e.Fields, c.field, c.key)
			}
			if e.Key == "" {
				t.Fatal("no message")
			}
		})
	}
}

func TestCheckReportsEveryField(t *testing.T) {
	_, err := check(Input{Country: "DE", PostalCode: "1"})
	e, _ := apperr.As(err)
	want := map[string]string{"name": "AddressNameRequired", "phone": "AddressPhoneInvalid", "city": "AddressCityRequired",
		"line1": "AddressLine1Required", "postalCode": "AddressPostalFormat"}
	if e == nil || fmt.Sprint(e.Fields) != fmt.Sprint(want) {
		t.Fatalf("fields %v, want %v", e, want)
	}
	if e.Key != "AddressNameRequired" {
		t.Fatalf("the message is the first field's: %q", e.Key)
	}
	_, err = check(with(func(i *Input) { i.Country, i.Region, i.PostalCode = "DE", "", "1" }))
	if e, _ := apperr.As(err); e == nil || e.Key != "AddressPostalFormat" || fmt.Sprint(e.Args) != "[example 10115]" {
		t.Fatalf("a postal code message gives the country's example: %v", err)
	}
}

func TestCountries(t *testing.T) {
	list := Countries()
	if len(list) != 249 {
		t.Fatalf("%d countries, want the 249 of ISO 3166-1", len(list))
	}
	seen := map[string]Country{}
	for _, c := range list {
		if len(c.Code) != 2 || strings.ToUpper(c.Code) != c.Code {
			t.Fatalf("bad code %q", c.Code)
		}
		if _, dup := seen[c.Code]; dup {
			t.Fatalf("duplicate %s", c.Code)
		}
		seen[c.Code] = c
	}
	for code := range rules {
		if _, ok := seen[code]; !ok {
			t.Fatalf("rule for unknown country %s", code)
		}
	}
	us := seen["US"]
	if !us.PostalRequired || us.PostalExample == "" || !us.RegionRequired || len(us.Regions) < 50 {
		t.Fatalf("US: %+v", us)
	}
	if ca := seen["CA"]; len(ca.Regions) != 13 || ca.PostalExample != "K1A 0B1" {
		t.Fatalf("CA: %+v", ca)
	}
	if ae := seen["AE"]; !ae.NoPostal || ae.PostalRequired {
		t.Fatalf("AE: %+v", ae)
	}
	if ie := seen["IE"]; ie.PostalRequired || ie.PostalExample == "" {
		t.Fatalf("IE: %+v", ie)
	}
	// Every example passes its own country's rule.
	for _, c := range list {
		if c.PostalExample == "" {
			continue
		}
		in := with(func(i *Input) { i.Country, i.Region, i.PostalCode = c.Code, "x", c.PostalExample })
		if len(c.Regions) > 0 {
			in.Region = c.Regions[0]
		}
		out, err := check(in)
		if err != nil || out.PostalCode != c.PostalExample {
			t.Fatalf("%s example %q: %q %v", c.Code, c.PostalExample, out.PostalCode, err)
		}
	}
}

func TestOwnership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		a, err := f.Save(ctx, f.ana, valid())
		if err != nil {
			t.Fatal(err)
		}
		other, _ := f.Save(ctx, f.bob, with(func(i *Input) { i.Name = "Bob" }))
		_, err = f.Get(ctx, f.bob, a.ID)
		wantCode(t, err, apperr.NotFound)
		_, err = f.Save(ctx, f.bob, with(func(i *Input) { i.ID, i.Name = a.ID, "Mallory" }))
		wantCode(t, err, apperr.NotFound)
		wantCode(t, f.Delete(ctx, f.bob, a.ID), apperr.NotFound)
		wantCode(t, f.SetDefault(ctx, f.bob, a.ID), apperr.NotFound)
		for _, id := range []string{"", "nope", strings.Repeat("x", 100)} {
			_, err = f.Get(ctx, f.ana, id)
			wantCode(t, err, apperr.NotFound)
		}
		got, err := f.Get(ctx, f.ana, a.ID)
		if err != nil || got.Name != "Ana Lima" || !got.IsDefault {
			t.Fatalf("ana's address changed: %+v %v", got, err)
		}
		list, _ := f.List(ctx, f.bob)
		if len(list) != 1 || list[0].ID != other.ID || !list[0].IsDefault {
			t.Fatalf("bob's book: %+v", list)
		}
		list, _ = f.List(ctx, f.ana)
		if len(list) != 1 || list[0].ID != a.ID {
			t.Fatalf("ana's book: %+v", list)
		}
	})
}

func TestDefaultRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		ids := func() []string {
			list, err := f.List(ctx, f.ana)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, a := range list {
				s := a.Name
				if a.IsDefault {
					s += "*"
				}
				out = append(out, s)
			}
			return out
		}
		want := func(s ...string) {
			t.Helper()
			if got := ids(); strings.Join(got, ",") != strings.Join(s, ",") {
				t.Fatalf("book %v, want %v", got, s)
			}
		}
		if d, err := f.Default(ctx, f.ana); d != nil || err != nil {
			t.Fatalf("empty book has a default: %v %v", d, err)
		}
		a, _ := f.Save(ctx, f.ana, with(func(i *Input) { i.Name = "a" }))
		if !a.IsDefault {
			t.Fatal("the first address must be the default")
		}
		b, _ := f.Save(ctx, f.ana, with(func(i *Input) { i.Name = "b" }))
		c, _ := f.Save(ctx, f.ana, with(func(i *Input) { i.Name = "c" }))
		want("a*", "c", "b")
		// A new address asked to be the default takes it over.
		d, _ := f.Save(ctx, f.ana, with(func(i *Input) { i.Name, i.IsDefault = "d", true }))
		want("d*", "c", "b", "a")
		// Unticking the default on the default changes nothing: there is always one.
		if _, err := f.Save(ctx, f.ana, with(func(i *Input) { i.ID, i.Name = d.ID, "d" })); err != nil {
			t.Fatal(err)
		}
		want("d*", "c", "b", "a")
		// Editing another address into the default.
		if _, err := f.Save(ctx, f.ana, with(func(i *Input) { i.ID, i.Name, i.IsDefault = b.ID, "b2", true })); err != nil {
			t.Fatal(err)
		}
		want("b2*", "d", "c", "a")
		if err := f.SetDefault(ctx, f.ana, a.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.SetDefault(ctx, f.ana, a.ID); err != nil { // again: no change
			t.Fatal(err)
		}
		want("a*", "d", "c", "b2")
		// Deleting another address keeps the default; deleting the default
		// hands it to the newest remaining one.
		if err := f.Delete(ctx, f.ana, c.ID); err != nil {
			t.Fatal(err)
		}
		want("a*", "d", "b2")
		if err := f.Delete(ctx, f.ana, a.ID); err != nil {
			t.Fatal(err)
		}
		want("d*", "b2")
		wantCode(t, f.Delete(ctx, f.ana, a.ID), apperr.NotFound)
		_ = f.Delete(ctx, f.ana, d.ID)
		want("b2*")
		_ = f.Delete(ctx, f.ana, b.ID)
		want()
		// A book emptied and refilled starts with a default again.
		e, _ := f.Save(ctx, f.ana, with(func(i *Input) { i.Name = "e" }))
		if !e.IsDefault {
			t.Fatal("first address after emptying must be the default")
		}
		if got, _ := f.Default(ctx, f.ana); got == nil || got.ID != e.ID || got.Snapshot().Name != "e" {
			t.Fatalf("default %+v", got)
		}
	})
}

func TestSaveValidatesAndNormalises(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		_, err := f.Save(ctx, f.ana, with(func(i *Input) { i.PostalCode = "123" }))
		wantCode(t, err, apperr.InvalidInput)
		if n := f.db.Address.Query().CountX(ctx); n != 0 {
			t.Fatalf("an invalid address was stored (%d)", n)
		}
		a, err := f.Save(ctx, f.ana, with(func(i *Input) { i.Country, i.Region, i.PostalCode = " ca ", "on", "k1a0b1" }))
		if err != nil || a.Country != "CA" || a.Region != "ON" || a.PostalCode != "K1A 0B1" {
			t.Fatalf("%+v %v", a, err)
		}
		// Updating validates too, and a failed update changes nothing.
		_, err = f.Save(ctx, f.ana, Input{ID: a.ID, Country: "CA"})
		wantCode(t, err, apperr.InvalidInput)
		if got, _ := f.Get(ctx, f.ana, a.ID); got.Name != "Ana Lima" {
			t.Fatalf("failed update changed the address: %+v", got)
		}
		// A long name in a script of several bytes a letter is refused cleanly.
		_, err = f.Save(ctx, f.ana, with(func(i *Input) { i.Name = strings.Repeat("名", 40) }))
		wantCode(t, err, apperr.InvalidInput)
	})
}

func TestLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		var first *Address
		for i := 0; i < MaxPerUser; i++ {
			a, err := f.Save(ctx, f.ana, with(func(in *Input) { in.Name = fmt.Sprint("n", i) }))
			if err != nil {
				t.Fatalf("address %d: %v", i+1, err)
			}
			if first == nil {
				first = a
			}
		}
		_, err := f.Save(ctx, f.ana, valid())
		wantCode(t, err, apperr.Conflict)
		if !errors.Is(err, ErrLimit) || fmt.Sprint(ErrLimit.Args) != "[max 20]" {
			t.Fatalf("limit message: %v", err)
		}
		// Editing still works at the limit; another user is not limited.
		if _, err := f.Save(ctx, f.ana, with(func(in *Input) { in.ID = first.ID })); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Save(ctx, f.bob, valid()); err != nil {
			t.Fatal(err)
		}
		if err := f.Delete(ctx, f.ana, first.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Save(ctx, f.ana, valid()); err != nil {
			t.Fatalf("after a delete there is room: %v", err)
		}
	})
}

func countDefaults(t *testing.T, db *ent.Client, userID int) int {
	n, err := db.Address.Query().Where(address.UserIDEQ(userID), address.IsDefault(true)).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestConcurrentSetDefault(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		var ids []string
		for i := 0; i < 6; i++ {
			a, err := f.Save(ctx, f.ana, with(func(in *Input) { in.Name = fmt.Sprint("n", i) }))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, a.ID)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 60)
		for i := 0; i < 60; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- f.SetDefault(ctx, f.ana, ids[i%len(ids)])
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("set default: %v", err)
			}
		}
		if n := countDefaults(t, db, f.ana); n != 1 {
			t.Fatalf("%d defaults after concurrent changes, want 1", n)
		}
	})
}

func TestConcurrentCreates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		var wg sync.WaitGroup
		errs := make(chan error, MaxPerUser+5)
		for i := 0; i < MaxPerUser+5; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.Save(ctx, f.ana, with(func(in *Input) { in.Name = fmt.Sprint("n", i) }))
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		limited := 0
		for err := range errs {
			switch {
			case errors.Is(err, ErrLimit):
				limited++
			case err != nil:
				t.Fatalf("create: %v", err)
			}
		}
		n := f.db.Address.Query().Where(address.UserIDEQ(f.ana)).CountX(ctx)
		if n != MaxPerUser || limited != 5 {
			t.Fatalf("%d stored, %d refused; want %d and 5", n, limited, MaxPerUser)
		}
		if d := countDefaults(t, db, f.ana); d != 1 {
			t.Fatalf("%d defaults, want 1", d)
		}
	})
}
