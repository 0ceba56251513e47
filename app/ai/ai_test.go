package ai

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// fakeServer speaks the OpenAI protocol: chat completions answer a fixed
// rewrite, embeddings are hashed bags of words (similar words, similar vectors).
func fakeServer(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer k1" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/v1/chat/completions":
			var in struct {
				Messages []struct{ Role, Content string }
			}
			_ = json.NewDecoder(r.Body).Decode(&in)
			if !strings.Contains(in.Messages[0].Content, "rewrite") {
				t.Errorf("no system prompt")
			}
			_, _ = w.Write([]byte(`{"choices":[{"message":{"role":"assistant","content":"red silk dress\nextra line"}}]}`))
		case "/v1/embeddings":
			var in struct{ Input []string }
			_ = json.NewDecoder(r.Body).Decode(&in)
			type datum struct {
				Index     int       `json:"index"`
				Embedding []float32 `json:"embedding"`
			}
			out := struct {
				Data []datum `json:"data"`
			}{}
			for i := len(in.Input) - 1; i >= 0; i-- { // out of order on purpose
				out.Data = append(out.Data, datum{i, bag(in.Input[i])})
			}
			_ = json.NewEncoder(w).Encode(out)
		default:
			http.NotFound(w, r)
		}
	}))
}

func bag(s string) []float32 {
	v := make([]float32, 16)
	for _, w := range strings.Fields(strings.ToLower(s)) {
		h := fnv.New32a()
		h.Write([]byte(w))
		v[h.Sum32()%16]++
	}
	return v
}

func TestClient(t *testing.T) {
	srv := fakeServer(t)
	defer srv.Close()
	c := New(srv.URL, "m", "k1")
	got, err := c.Rewrite(context.Background(), "vestido rojo de seda", "es")
	if err != nil || got != "red silk dress" {
		t.Fatalf("rewrite = %q, %v", got, err)
	}
	vecs, err := c.Embed(context.Background(), []string{"red silk dress", "blue mug"})
	if err != nil || len(vecs) != 2 || !reflect.DeepEqual(vecs[0], bag("red silk dress")) {
		t.Fatalf("embed: %v %v", vecs, err)
	}
	if _, err := New(srv.URL, "m", "wrong").Rewrite(context.Background(), "x", "en"); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("an auth failure must be an error, got %v", err)
	}
	if New("", "", "") != nil {
		t.Fatal("without a base URL AI is off")
	}
}

func TestVectorsAndRRF(t *testing.T) {
	v := NewVectors()
	for id, text := range map[string]string{"a": "red silk dress", "b": "blue ceramic mug", "c": "red cotton dress"} {
		v.Put(id, bag(text))
	}
	near := v.Nearest(bag("red dress"), 2)
	if len(near) != 2 || near[0] == "b" || near[1] == "b" {
		t.Fatalf("nearest = %v", near)
	}
	got := RRF([]string{"x", "a", "b"}, []string{"a", "c"})
	if got[0] != "a" {
		t.Fatalf("an id high in both lists comes first: %v", got)
	}
	if len(got) != 4 {
		t.Fatalf("union: %v", got)
	}
}
