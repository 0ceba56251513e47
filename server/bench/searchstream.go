package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"souk/app/search"
	"souk/app/search/eval"
	"souk/server/api"
)

// frame is what the evaluation reads of one stream/search frame.
type frame struct {
	C          int `json:"c"`
	Understood *struct {
		Wholesale bool `json:"wholesale"`
	} `json:"understood"`
	Item *struct {
		TreID string `json:"treId"`
	} `json:"item"`
	Easg string `json:"easg"`
}

// streamSearcher posts each query to stream/search in the query's language
// (the page's currency follows from it, as for a shopper who set nothing)
// and returns the groups as the page shows them: consumer goods first,
// wholesale first when the query was understood to ask for wholesale
// (views/pages/home/Results.tsx).
func streamSearcher(base string) eval.Searcher {
	return func(ctx context.Context, q eval.Query) (eval.Shown, error) {
		body, _ := json.Marshal(map[string]string{"txt": q.Q})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/v1/souk/stream/search", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("ALAN", q.Lang)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		consumer := eval.Group{BigType: search.Consumer, Cap: api.PageSize}
		wholesale := eval.Group{BigType: search.Wholesale, Cap: api.PageSize}
		wholesaleFirst := false
		dec := json.NewDecoder(res.Body)
		for {
			var f frame
			if err := dec.Decode(&f); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, fmt.Errorf("stream/search: %w", err)
			}
			switch {
			case f.C == api.FrameUnderstood && f.Understood != nil:
				wholesaleFirst = f.Understood.Wholesale
			case f.C == api.FrameConsumerItem && f.Item != nil:
				consumer.UIDs = append(consumer.UIDs, f.Item.TreID)
			case f.C == api.FrameWholesaleItem && f.Item != nil:
				wholesale.UIDs = append(wholesale.UIDs, f.Item.TreID)
			case f.C == api.FrameError:
				return nil, fmt.Errorf("stream/search: %s", f.Easg)
			}
		}
		if wholesaleFirst {
			return eval.Shown{wholesale, consumer}, nil
		}
		return eval.Shown{consumer, wholesale}, nil
	}
}
