package server

import (
	"context"
	"image/jpeg"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"souk/app/ai"
	"souk/app/config"
	"souk/app/creation"
	"souk/app/listing"
	"souk/app/media"
	"souk/app/quota"
	"souk/app/search"
	"souk/app/search/lexicon"
	"souk/ent"
	"souk/server/api"
)

// aiLayer is the AI layer's parts: the text service and the image engine
// of AI creation.
type aiLayer struct {
	svc       *ai.Service
	images    creation.ImageEngine // nil: creation's embedded engine
	creations *quota.Meter         // the creations quota (AI_CREATIONS_PER_DAY)
}

// startAI is the AI layer: the endpoint of AI_BASE_URL when set (its image
// model when AI_IMAGE_MODEL is set too), else the built-in engines, behind
// the configured quotas, all counted by one quota service in the database.
func startAI(bg context.Context, cfg config.Config, db *ent.Client, log *slog.Logger) (*aiLayer, error) {
	lex, err := lexicon.Load()
	if err != nil {
		return nil, err
	}
	remote := ai.NewRemote(cfg.AIBaseURL, cfg.AIModel, cfg.AIImageModel, cfg.AIAPIKey, log)
	if remote != nil {
		remote.Timeout = cfg.AITimeout
	}
	quotas := quota.New(db)
	go quotas.Run(bg, log) // old days' counters go
	l := &aiLayer{svc: ai.NewService(remote, lex, quotas.Meter(ai.QuotaLimit(cfg.AIQuotaUser, cfg.AIQuotaDay))),
		creations: quotas.Meter(creation.QuotaLimit(cfg.CreationsDay))}
	if e := creation.NewRemote(remote); e != nil {
		l.images = e // a nil *creation.Remote in the interface would not be nil
	}
	log.Info("ai engine", "engine", l.svc.EngineName(), "images", cfg.AIImageModel)
	return l, nil
}

func goodsAPI(ids *api.Identities, editor *listing.Editor, s *ai.Service) *api.GoodsEditor {
	h := api.NewGoodsEditor(ids, editor)
	h.EnableAI(s)
	return h
}

// pictureColours names the dominant colours of a goods picture the user
// uploaded (its small version, already re-encoded at upload); anything
// else (another user's upload, a demo picture, a bad path) names none.
func pictureColours(dir string, vis *search.Visual) func(ctx context.Context, userUID, url string) []string {
	return func(_ context.Context, userUID, url string) []string {
		rel, ok := strings.CutPrefix(url, "/media/")
		if !ok || vis == nil {
			return nil
		}
		if b, ok := strings.CutSuffix(rel, "-b.jpg"); ok {
			rel = b + "-s.jpg"
		}
		disk, owner, ok := media.ParseUploadPath(rel)
		if !ok || disk != "goods" || owner != media.OwnerDir(userUID) {
			return nil
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil
		}
		defer f.Close()
		img, err := jpeg.Decode(io.LimitReader(f, 8<<20))
		if err != nil {
			return nil
		}
		return vis.ColourKeys(img, 3)
	}
}
