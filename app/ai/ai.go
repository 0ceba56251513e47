// Package ai talks to an OpenAI-compatible endpoint (AI_BASE_URL, AI_MODEL,
// AI_API_KEY): chat completions to rewrite a search query, embeddings for
// semantic candidates. Without configuration nothing calls out and search
// works offline with its built-in rules.
package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Client calls one endpoint. It is safe for concurrent use.
type Client struct {
	base, model, key string
	embedModel       string
	http             *http.Client
}

// New returns nil when baseURL is empty: AI is off.
func New(baseURL, model, apiKey string) *Client {
	if baseURL == "" {
		return nil
	}
	if model == "" {
		model = "gpt-4o-mini"
	}
	return &Client{base: strings.TrimRight(baseURL, "/"), model: model, key: apiKey,
		embedModel: "text-embedding-3-small", http: &http.Client{Timeout: 8 * time.Second}}
}

// SetEmbeddingModel names the embedding model (the default suits OpenAI).
func (c *Client) SetEmbeddingModel(m string) { c.embedModel = m }

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("ai: %s: encode: %w", path, err)
	}
	res, err := send(ctx, c.http, c.base+path, c.key, body)
	if err != nil {
		return fmt.Errorf("ai: %s: %w", path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 8<<20))
	if err != nil {
		return fmt.Errorf("ai: %s: read: %w", path, err)
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("ai: %s: HTTP %d: %.200s", path, res.StatusCode, raw)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("ai: %s: decode: %w", path, err)
	}
	return nil
}

const rewritePrompt = "You rewrite marketplace search queries. Answer with the query rewritten as short English search keywords " +
	"(product type, material, colour, style), keeping numbers and limits. No explanation, one line."

// Rewrite asks the model to restate a query as search keywords.
func (c *Client) Rewrite(ctx context.Context, query, lang string) (string, error) {
	var out struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	in := map[string]any{
		"model": c.model, "temperature": 0, "max_tokens": 60,
		"messages": []map[string]string{{"role": "system", "content": rewritePrompt}, {"role": "user", "content": "(" + lang + ") " + query}},
	}
	if err := c.post(ctx, "/v1/chat/completions", in, &out); err != nil {
		return "", err
	}
	if len(out.Choices) == 0 {
		return "", fmt.Errorf("ai: rewrite: no choices")
	}
	line, _, _ := strings.Cut(strings.TrimSpace(out.Choices[0].Message.Content), "\n")
	return strings.Trim(line, "\"' "), nil
}

// Embed returns one vector per text, in order.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var out embeddings
	if err := c.post(ctx, "/v1/embeddings", map[string]any{"model": c.embedModel, "input": texts}, &out); err != nil {
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
