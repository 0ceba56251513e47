// Package ai talks to an OpenAI-compatible endpoint (AI_BASE_URL, AI_MODEL,
// AI_API_KEY, AI_IMAGE_MODEL) through one caller, Remote: drafts and
// translations (Engine), image edits for AI creation, and, with a one-try
// policy (Client), search's query rewrite and embeddings. Without
// configuration nothing calls out: the built-in engines and search's
// rules serve.
package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// Client is search's use of the endpoint. It is Remote with search's
// policy: one short try and no retry (a search waits for no one; on any
// failure it answers with its built-in rules), with the same error
// handling and usage log. It is safe for concurrent use.
type Client struct {
	r          *Remote
	embedModel string
}

// SearchTimeout bounds search's one try.
const SearchTimeout = 8 * time.Second

// New returns nil when baseURL is empty: AI is off.
func New(baseURL, model, apiKey string) *Client {
	r := NewRemote(baseURL, model, "", apiKey, nil)
	if r == nil {
		return nil
	}
	r.Timeout, r.Attempts = SearchTimeout, 1
	return &Client{r: r, embedModel: "text-embedding-3-small"}
}

// SetEmbeddingModel names the embedding model (the default suits OpenAI).
func (c *Client) SetEmbeddingModel(m string) { c.embedModel = m }

const rewritePrompt = "You rewrite marketplace search queries. Answer with the query rewritten as short English search keywords " +
	"(product type, material, colour, style), keeping numbers and limits. No explanation, one line."

// Rewrite asks the model to restate a query as search keywords.
func (c *Client) Rewrite(ctx context.Context, query, lang string) (string, error) {
	msgs := []Message{{Role: "system", Content: rewritePrompt}, {Role: "user", Content: "(" + lang + ") " + query}}
	out, err := c.r.Chat(ctx, "search-rewrite", msgs, false, 60)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	return strings.Trim(line, "\"' "), nil
}

// Embed returns one vector per text, in order.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var out embeddings
	if err := c.embed(ctx, "search-embed", c.embedModel, texts, &out); err != nil {
		return nil, err
	}
	return out.vectors(len(texts))
}

// embeddings is the answer of an embeddings endpoint.
type embeddings struct {
	Data []struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
}

// vectors puts the n vectors in input order, failing if one is missing.
func (e *embeddings) vectors(n int) ([][]float32, error) {
	vecs := make([][]float32, n)
	for _, d := range e.Data {
		if d.Index >= 0 && d.Index < n {
			vecs[d.Index] = d.Embedding
		}
	}
	for i, v := range vecs {
		if len(v) == 0 {
			return nil, fmt.Errorf("ai: embeddings: missing vector %d", i)
		}
	}
	return vecs, nil
}

// embed posts input to the embeddings endpoint with model and reads the
// answer into out (texts and pictures alike), logging usage like every call.
func (c *Client) embed(ctx context.Context, op, model string, input any, out *embeddings) error {
	body, err := json.Marshal(map[string]any{"model": model, "input": input})
	if err != nil {
		return fmt.Errorf("ai: embeddings: encode: %w", err)
	}
	return c.r.do(ctx, op, wire{path: "/v1/embeddings", contentType: "application/json", model: model, body: body},
		func(_ context.Context, b io.Reader) (*Usage, error) {
			var u struct {
				Usage *Usage `json:"usage"`
			}
			raw, err := io.ReadAll(io.LimitReader(b, 8<<20))
			if err == nil {
				err = json.Unmarshal(raw, out)
			}
			if err == nil {
				_ = json.Unmarshal(raw, &u)
			}
			return u.Usage, err
		})
}
