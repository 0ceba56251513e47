package ai

import (
	"context"
	"encoding/base64"
)

// EmbedImages returns one vector per picture (encoded JPEG or PNG bytes),
// in order, from the embeddings endpoint of a multimodal model (for
// example a CLIP or SigLIP model behind an OpenAI-compatible server). The
// pictures go as inputs of the form {"image": "data:<type>;base64,..."},
// the shape Jina's and several self-hosted servers accept.
func (c *Client) EmbedImages(ctx context.Context, model string, pics [][]byte) ([][]float32, error) {
	inputs := make([]map[string]string, len(pics))
	for i, p := range pics {
		inputs[i] = map[string]string{"image": "data:" + sniffType(p) + ";base64," + base64.StdEncoding.EncodeToString(p)}
	}
	var out embeddings
	if err := c.embed(ctx, "search-embed-images", model, inputs, &out); err != nil {
		return nil, err
	}
	return out.vectors(len(pics))
}

// sniffType names the picture's media type from its first bytes.
func sniffType(p []byte) string {
	if len(p) > 3 && p[0] == 0x89 && p[1] == 'P' && p[2] == 'N' && p[3] == 'G' {
		return "image/png"
	}
	return "image/jpeg"
}
