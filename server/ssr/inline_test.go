package ssr

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"slices"
	"testing"
	"time"
)

// inlineScript is a <script> that runs: no src, no data type.
var inlineScript = regexp.MustCompile(`<script>(.*?)</script>`)

// TestInlineScriptsAreHashed: the CSP allows inline scripts only by hash,
// so every one a document carries must be among the pool's hashes, and
// the boot script (which marks the app wrapper) must be there.
func TestInlineScriptsAreHashed(t *testing.T) {
	b := testBundle(t)
	pool, err := NewPool(b.Server, 1, 5*time.Second, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	html, err := pool.Render(context.Background(), minimalProps("en", "ltr"), Shared{})
	if err != nil {
		t.Fatal(err)
	}
	found := inlineScript.FindAllStringSubmatch(html, -1)
	if len(found) == 0 {
		t.Fatal("the document has no inline (boot) script")
	}
	for _, m := range found {
		sum := sha256.Sum256([]byte(m[1]))
		src := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !slices.Contains(pool.Scripts(), src) {
			t.Errorf("inline script %.60q… not allowed by the CSP sources %v", m[1], pool.Scripts())
		}
	}
	if !regexp.MustCompile(`SoukApp`).MatchString(found[0][1]) {
		t.Errorf("the boot script does not look for the app: %.80q", found[0][1])
	}
}
