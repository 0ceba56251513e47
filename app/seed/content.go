package seed

import (
	"fmt"
	"sync"

	"souk/app/seed/content"
)

var (
	contentOnce sync.Once
	contentData *content.Catalog
	contentErr  error
)

// loadContent parses the embedded templates once per process.
func loadContent() (*content.Catalog, error) {
	contentOnce.Do(func() {
		contentData, contentErr = content.Load()
		if contentErr != nil {
			contentErr = fmt.Errorf("seed: content: %w", contentErr)
		}
	})
	return contentData, contentErr
}
