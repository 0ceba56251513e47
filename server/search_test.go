package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"html"
	"net/http"
	"strings"
	"testing"
)

type frame struct {
	C          int             `json:"c"`
	Code       int             `json:"code"`
	Easg       string          `json:"easg"`
	Item       map[string]any  `json:"item"`
	PageInfo   json.RawMessage `json:"pageInfo"`
	Understood map[string]any  `json:"understood"`
	Corrected  *struct {
		From string `json:"from"`
		To   string `json:"to"`
	} `json:"corrected"`
	Suggest *struct {
		Spelling string `json:"spelling"`
		Category *struct {
			Code string `json:"code"`
			Name string `json:"name"`
		} `json:"category"`
	} `json:"suggest"`
}

// stream posts a search and reads every NDJSON frame.
func (s *testStore) stream(t *testing.T, path, body string, headers ...string) []frame {
	t.Helper()
	res, err := http.DefaultClient.Do(s.apiRequest(context.Background(), "POST", path, body, headers...))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-ndjson") {
		t.Fatalf("content type %q", ct)
	}
	var out []frame
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var f frame
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("not a JSON frame: %q", sc.Text())
		}
		out = append(out, f)
	}
	return out
}

func codes(fs []frame) []int {
	out := make([]int, len(fs))
	for i, f := range fs {
		out[i] = f.C
	}
	return out
}

func count(fs []frame, c int) int {
	n := 0
	for _, f := range fs {
		if f.C == c {
			n++
		}
	}
	return n
}

func TestSearchStream(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		// A broad query: both groups, more pages, understood first, feedback last.
		fs := s.stream(t, "stream/search", `{"txt":"leather"}`)
		if fs[0].C != 5 || fs[len(fs)-1].C != 7 {
			t.Fatalf("frames %v: want 5 first and 7 last", codes(fs))
		}
		if count(fs, 1) == 0 || count(fs, 8) == 0 {
			t.Fatalf("frames %v: want consumer (1) and wholesale (8) items", codes(fs))
		}
		if count(fs, 2)+count(fs, 13) != 1 || count(fs, 9)+count(fs, 12) != 1 {
			t.Fatalf("frames %v: each group completes once", codes(fs))
		}
		for _, f := range fs {
			if f.C == 1 && f.Item["bigType"].(float64) != 1 || f.C == 8 && f.Item["bigType"].(float64) != 2 {
				t.Fatalf("an item in the wrong group: %v", f.Item)
			}
		}
		// Load more of the consumer group from its page info.
		var next *frame
		all := s.stream(t, "stream/search", `{"txt":"under 100000"}`)
		for i := range all {
			if all[i].C == 13 {
				next = &all[i]
			}
		}
		if next == nil {
			t.Fatalf("a price-only query over the demo must have a next page: %v", codes(all))
		}
		more := s.stream(t, "stream/search", `{"txt":"under 100000","group":"consumer","pageInfo":`+string(next.PageInfo)+`}`)
		if count(more, 1) == 0 || count(more, 10)+count(more, 13) != 1 || count(more, 8) != 0 || count(more, 7) != 0 {
			t.Fatalf("load more frames %v", codes(more))
		}
		first := map[string]bool{}
		for _, f := range all {
			if f.C == 1 {
				first[f.Item["treId"].(string)] = true
			}
		}
		for _, f := range more {
			if f.C == 1 && first[f.Item["treId"].(string)] {
				t.Fatal("the next page repeats goods of the first")
			}
		}
		// Few results: the show-more section; none: both groups empty.
		few := s.stream(t, "stream/search", `{"txt":"#10003"}`)
		if count(few, 6) != 1 {
			t.Fatalf("frames %v: a code search shows 'show more'", codes(few))
		}
		none := s.stream(t, "stream/search", `{"txt":"zzqxwv"}`)
		if count(none, 1)+count(none, 8) != 0 || count(none, 2) != 1 || count(none, 9) != 1 {
			t.Fatalf("no-result frames %v", codes(none))
		}
		// Understanding comes back.
		u := s.stream(t, "stream/search", `{"txt":"red leather bag under 80"}`)[0].Understood
		if u["maxPrice"].(float64) != 80 || len(u["colors"].([]any)) == 0 {
			t.Fatalf("understood %v", u)
		}
	})
}

// suggestOf is the suggestions frame of a stream (a fall-through frame 5
// with suggest), or nil.
func suggestOf(fs []frame) *frame {
	for i := range fs {
		if fs[i].C == 5 && fs[i].Suggest != nil {
			return &fs[i]
		}
	}
	return nil
}

// A search asked for exactly as typed (no automatic correction) that finds
// nothing says so with the show-more and feedback sections and suggests a
// spelling that finds goods (two edits on a longer word, a swap of letters
// as one) and the category of its product term; one that finds goods, or
// has nothing to suggest, gets no suggestions.
func TestSearchSuggestions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tests := []struct {
			q, spelling string
			category    bool
		}{
			{"abckpakc", "backpack", true}, // two swaps: too far for the engine's typo allowance
			{"encklaec", "necklace", true},
			{"red dress under 0.5", "", true}, // a price nothing meets: the dresses' category
			{"zzqxwv", "", false},             // nothing near
			{"lawn mower", "", false},         // not sold, and no word near a goods word
		}
		for _, tt := range tests {
			fs := s.stream(t, "stream/search", `{"txt":"`+tt.q+`","exact":true}`)
			if count(fs, 1)+count(fs, 8) != 0 {
				t.Errorf("%q: want no results, got frames %v", tt.q, codes(fs))
				continue
			}
			if count(fs, 6) != 1 || fs[len(fs)-1].C != 7 {
				t.Errorf("%q: frames %v: want show more (6) and feedback (7) last", tt.q, codes(fs))
			}
			f := suggestOf(fs)
			switch {
			case tt.spelling == "" && !tt.category:
				if f != nil {
					t.Errorf("%q: suggested %+v", tt.q, *f.Suggest)
				}
				continue
			case f == nil:
				t.Errorf("%q: no suggestions, frames %v", tt.q, codes(fs))
				continue
			}
			if f.Suggest.Spelling != tt.spelling {
				t.Errorf("%q: spelling %q, want %q", tt.q, f.Suggest.Spelling, tt.spelling)
			}
			if c := f.Suggest.Category; (c != nil) != tt.category || c != nil && (c.Code == "" || c.Name == "") {
				t.Errorf("%q: category %+v, want one: %v", tt.q, c, tt.category)
			}
			if tt.spelling != "" { // the suggestion finds goods
				again := s.stream(t, "stream/search", `{"txt":"`+tt.spelling+`"}`)
				if count(again, 1)+count(again, 8) == 0 || suggestOf(again) != nil {
					t.Errorf("%q: the suggested %q finds nothing, or suggests again", tt.q, tt.spelling)
				}
			}
		}
		// The server-rendered page says so in the page's language, with the
		// same suggestions as links and the two sections.
		_, body := s.get(t, "/de/search?q=abckpakc&exact=1")
		for _, want := range []string{`data-testid="no-results"`, `data-testid="suggest-spelling"`, `href="/de/search?q=backpack"`,
			`href="/de/category/`, `data-testid="show-more"`, `data-testid="feedback"`, s.app.Site.Strings.T("de", "NoResults")} {
			if !strings.Contains(body, want) {
				t.Errorf("the nothing-found page lacks %s", want)
			}
		}
		if _, body := s.get(t, "/en/search?q=dress"); strings.Contains(body, `data-testid="suggestions"`) {
			t.Error("a search with results shows suggestions")
		}
	})
}

func TestSearchBadInput(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	tests := []struct{ name, body string }{
		{"empty", `{"txt":"   "}`},
		{"too long", `{"txt":"` + strings.Repeat("dress ", 2000) + `"}`},
		{"malformed", `{"txt":`},
		{"wrong type", `{"txt":42}`},
		{"NUL byte", `{"txt":"back\u0000pack"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := s.stream(t, "stream/search", tt.body)
			if len(fs) != 1 || fs[0].C != 400 || fs[0].Code != 102 || fs[0].Easg == "" {
				t.Fatalf("frames %+v: want one error frame with a message", fs)
			}
		})
	}
	// The results page says why in the page's language, and echoes the
	// query without the control character (a URL with a NUL is refused
	// before routing, with 404).
	t.Run("page with a control character", func(t *testing.T) {
		res, body := s.get(t, "/de/search?q=back%01pack")
		want := html.EscapeString(s.app.Site.Strings.T("de", "SearchNotText"))
		if res.StatusCode != 200 || !strings.Contains(body, want) {
			t.Fatalf("status %d; the page lacks %q", res.StatusCode, want)
		}
		if strings.Contains(body, `back\u0001`) || strings.ContainsRune(body, 1) {
			t.Error("the page echoes the control character")
		}
		if !strings.Contains(body, `"q":"backpack"`) {
			t.Error("the page does not keep the rest of the query")
		}
	})
}

func TestSearchFeedback(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	if env := s.call(t, "POST", "search/feedback", `{"pageId":"p1","txt":"red dress","useful":false,"comment":"too few","shown":3}`); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	n, _ := s.app.DB.SearchFeedback.Query().Count(t.Context())
	if n != 1 {
		t.Fatalf("%d feedback rows", n)
	}
	for _, body := range []string{`{"txt":"x"}`, `{"useful":true}`, `{"txt":"x","useful":true,"comment":"` + strings.Repeat("y", 1200) + `"}`} {
		if env := s.call(t, "POST", "search/feedback", body); env.Code != 102 {
			t.Fatalf("%s answered %d", body, env.Code)
		}
	}
}

func (s *testStore) imageSearch(t *testing.T, field string, data []byte) []frame {
	t.Helper()
	var body strings.Builder
	boundary := "soukboundary"
	body.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field + "\"; filename=\"p.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n")
	body.Write(data)
	body.WriteString("\r\n--" + boundary + "--\r\n")
	return s.stream(t, "image/stream/search", body.String(), "Content-Type", "multipart/form-data; boundary="+boundary)
}

func TestImageSearchBadInput(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	png, _ := base64Decode(pngB64(64, 64))
	tests := []struct {
		name  string
		field string
		data  []byte
	}{
		{"no image field", "other", png},
		{"not an image", "image", []byte("just some text, not a picture at all")},
		{"decompression bomb", "image", mustB64(bombB64())},
		{"too large", "image", append(png, make([]byte, 11<<20)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := s.imageSearch(t, tt.field, tt.data)
			if len(fs) != 1 || fs[0].C != 400 || fs[0].Easg == "" {
				t.Fatalf("frames %+v: want one error frame with a message", fs)
			}
		})
	}
	// A real picture answers the usual frames.
	fs := s.imageSearch(t, "image", png)
	if fs[0].C != 5 || fs[len(fs)-1].C != 7 || count(fs, 2) != 1 || count(fs, 9) != 1 {
		t.Fatalf("frames %v", codes(fs))
	}
}

// correctedOf is the correction notice of a stream (a fall-through frame 5
// with corrected) and its index, or -1.
func correctedOf(fs []frame) int {
	for i := range fs {
		if fs[i].C == 5 && fs[i].Corrected != nil {
			return i
		}
	}
	return -1
}

// A typed query that finds nothing is searched spelt right instead: the
// notice comes before the groups, and the page says so with a link to the
// query as typed (exact=1, which is not corrected). A query that finds
// goods as typed, or has no correction, is answered as typed.
func TestSearchAutocorrect(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tests := []struct {
			body, corrected string
			goods           bool
		}{
			{`{"txt":"abckpakc"}`, "backpack", true},
			{`{"txt":"red abckpakc"}`, "red backpack", true},
			{`{"txt":"abckpakc","exact":true}`, "", false},
			{`{"txt":"backpack"}`, "", true},
			{`{"txt":"zzqxwv"}`, "", false},
		}
		for _, tt := range tests {
			fs := s.stream(t, "stream/search", tt.body)
			i := correctedOf(fs)
			switch {
			case tt.corrected == "" && i >= 0:
				t.Errorf("%s: corrected to %+v", tt.body, *fs[i].Corrected)
			case tt.corrected != "" && (i < 0 || fs[i].Corrected.To != tt.corrected || fs[i].Understood == nil):
				t.Errorf("%s: frames %v, want the notice of %q with what it was understood as", tt.body, codes(fs), tt.corrected)
			case tt.corrected != "" && count(fs[:i], 1)+count(fs[:i], 8)+count(fs[:i], 2)+count(fs[:i], 9) > 0:
				t.Errorf("%s: frames %v: a group before the notice", tt.body, codes(fs))
			}
			if goods := count(fs, 1)+count(fs, 8) > 0; goods != tt.goods || fs[len(fs)-1].C != 7 {
				t.Errorf("%s: frames %v, want goods: %v, and 7 last", tt.body, codes(fs), tt.goods)
			}
			if tt.goods && suggestOf(fs) != nil {
				t.Errorf("%s: goods shown, and suggestions", tt.body)
			}
		}
		// The page: the corrected results, noindex, with the way back to the query as typed.
		res, body := s.get(t, "/en/search?q=abckpakc")
		for _, want := range []string{`data-testid="corrected"`, `data-testid="corrected-to"`, `href="/en/search?q=abckpakc&amp;exact=1"`, `article class="card`} {
			if !strings.Contains(body, want) {
				t.Errorf("the corrected results page lacks %s", want)
			}
		}
		if res.Header.Get("X-Robots-Tag") != "noindex" || strings.Contains(body, `data-testid="no-results"`) {
			t.Errorf("the corrected results page: robots %q, or says nothing was found", res.Header.Get("X-Robots-Tag"))
		}
		_, body = s.get(t, "/en/search?q=abckpakc&exact=1")
		if strings.Contains(body, `data-testid="corrected"`) || !strings.Contains(body, `data-testid="no-results"`) {
			t.Error("exact=1 corrected the query, or found goods")
		}
		if _, body = s.get(t, "/en/search?q=backpack"); strings.Contains(body, `data-testid="corrected"`) {
			t.Error("a query that finds goods was corrected")
		}
	})
}
