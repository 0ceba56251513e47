package bench

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
)

// assetRef finds the scripts, module preloads and stylesheets a document
// names under /static/.
var assetRef = regexp.MustCompile(`(?:src|href)="(/static/[^"]+\.(?:js|css))"`)

// wire is the bytes a response put on the wire for a given Accept-Encoding
// (the body as sent, before any decoding).
func wire(url, accept string) (int, string, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return 0, "", fmt.Errorf("bench: %s answered %d", url, res.StatusCode)
	}
	return len(raw), string(raw), err
}

// sentFigures prints what the server really sends for a first visit to
// each page: the document, and the scripts and styles it names, as plain
// bytes, brotli and gzip, measured over HTTP.
func sentFigures(base string, pages []page, out io.Writer) error {
	fmt.Fprintf(out, "\nBytes sent over HTTP for a first visit (plain / brotli / gzip):\n")
	for _, p := range pages {
		row := map[string][3]int{}
		_, html, err := wire(base+p.path, "")
		if err != nil {
			return err
		}
		for i, enc := range []string{"", "br", "gzip"} {
			n, _, err := wire(base+p.path, enc)
			if err != nil {
				return err
			}
			r := row["html"]
			r[i] = n
			row["html"] = r
			seen := map[string]bool{}
			for _, m := range assetRef.FindAllStringSubmatch(html, -1) {
				if seen[m[1]] { // a script is named by its tag and its preload
					continue
				}
				seen[m[1]] = true
				kind := "js"
				switch {
				case strings.HasSuffix(m[1], ".css"):
					kind = "css"
				case strings.HasPrefix(m[1], "/static/site/"): // cached once per language, not per page
					kind = "site"
				}
				n, _, err := wire(base+m[1], enc)
				if err != nil {
					return err
				}
				r := row[kind]
				r[i] += n
				row[kind] = r
			}
		}
		kb := func(n int) string { return fmt.Sprintf("%.1f", float64(n)/1024) }
		fmt.Fprintf(out, "  %-13s HTML %s / %s / %s KB   JS %s / %s / %s KB   CSS %s / %s / %s KB   language data %s / %s / %s KB\n", p.name,
			kb(row["html"][0]), kb(row["html"][1]), kb(row["html"][2]),
			kb(row["js"][0]), kb(row["js"][1]), kb(row["js"][2]),
			kb(row["css"][0]), kb(row["css"][1]), kb(row["css"][2]),
			kb(row["site"][0]), kb(row["site"][1]), kb(row["site"][2]))
	}
	return nil
}
