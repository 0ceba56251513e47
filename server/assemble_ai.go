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
	"souk/app/listing"
	"souk/app/media"
	"souk/app/search"
	"souk/app/search/lexicon"
	"souk/server/api"
)

// startAI is the AI layer: the endpoint of AI_BASE_URL when set, else the
// built-in engine, behind the configured quotas.
func startAI(cfg config.Config, log *slog.Logger) (*ai.Service, error) {
	lex, err := lexicon.Load()
	if err != nil {
		return nil, err
	}
	remote := ai.NewRemote(cfg.AIBaseURL, cfg.AIModel, cfg.AIImageModel, cfg.AIAPIKey, log)
	if remote != nil {
		remote.Timeout = cfg.AITimeout
	}
	svc := ai.NewService(remote, lex, ai.NewQuota(cfg.AIQuotaUser, cfg.AIQuotaDay))
	log.Info("ai engine", "engine", svc.EngineName())
	return svc, nil
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
