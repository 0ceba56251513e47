package search

import "context"

// Doc is one goods item as the text engine indexes it.
type Doc struct {
	UID, OldID, Template, Category, Color string
	BigType, MinQty                       int
	OnSale                                bool // saleable and in stock
	Rating, Sales, PriceUSD               float64
	Names, Briefs                         map[string]string // language → text
	Keywords                              []string
}

// Query is one page of one group.
type Query struct {
	U           Understood
	BigType     int     // 1 consumer, 2 wholesale
	From, Size  int     // paging
	MaxPriceUSD float64 // 0: none
	MinPriceUSD float64
	relaxed     bool // match some of the words, not all
	guessing    bool // a sentence found nothing as written: allow typos and word starts
}

// Hit is a ranked goods item.
type Hit struct {
	UID   string
	Score float64
}

// Result is a page of hits and how many match in all.
type Result struct {
	Hits  []Hit
	Total int
	hits  []Hit // every ranked candidate, for merging passes
}

// Engine is a text search engine over goods. Bleve is the embedded default;
// a PostgreSQL full-text engine can serve the same calls.
type Engine interface {
	Put(ctx context.Context, docs []Doc) error
	Delete(ctx context.Context, uids []string) error
	Search(ctx context.Context, q Query) (*Result, error)
	Count() (int, error)
	Close() error
}
