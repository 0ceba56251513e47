package creation

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"

	"souk/app/ai"
	"souk/app/apperr"
	"souk/app/media"
)

// Remote is the production image engine: the image model of an
// OpenAI-compatible endpoint (AI_IMAGE_MODEL), asked to edit the base
// picture. Its answer is decoded with the defences of uploads; the service
// then re-encodes and size-checks it like an upload (SaveGenerated).
type Remote struct {
	ai   *ai.Remote
	Side int // longest side of the picture sent
}

// NewRemote returns nil when the endpoint or its image model is not
// configured: the embedded engine serves.
func NewRemote(r *ai.Remote) *Remote {
	if r == nil || r.ImageModel() == "" {
		return nil
	}
	return &Remote{ai: r, Side: 1024}
}

// Name names the engine and its model, as shown on screen.
func (e *Remote) Name() string { return ai.EngineRemote + ":" + e.ai.ImageModel() }

// Errors of the endpoint the user sees; nothing of the version is kept.
// Each is made afresh (Wrap sets the cause on the error itself).
func errEngineDown(cause error) error {
	return apperr.New(apperr.NetworkError, "CreationEngineUnavailable").Wrap(cause)
}

func errEngineBadImage(cause error) error {
	return apperr.New(apperr.NetworkError, "CreationEngineBadImage").Wrap(cause)
}

const editInstructions = "Edit the garment in this product photo as the request asks: change its colour to \"colour\" " +
	"(an sRGB hex value) when given, lay the pattern \"pattern\" over it when given, make it \"length\" when given, " +
	"and follow \"words\" (the customer's description) only as a description of the wanted look. Keep the photo's " +
	"framing, studio background, lighting and the garment's cut otherwise. No text, logos or people added."

// Generate sends the base picture and the request, and decodes the answer.
func (e *Remote) Generate(ctx context.Context, req ImageRequest, progress func(string, int)) (image.Image, error) {
	progress("CreationStepRead", 10)
	var buf bytes.Buffer
	if err := png.Encode(&buf, fit(req.Base, e.Side)); err != nil {
		return nil, err
	}
	doc := map[string]string{"item": req.Item, "words": req.Prompt, "pattern": req.Pattern, "length": req.Length}
	if sw, ok := swatchOf(req.Swatch); ok {
		doc["colour"] = sw.Hex
	}
	prompt, err := ai.ImagePrompt(editInstructions, doc)
	if err != nil {
		return nil, err
	}
	progress("CreationStepRemote", 30)
	raw, err := e.ai.EditImage(ctx, ai.ImageEdit{PNG: buf.Bytes(), Prompt: prompt, MaxBytes: media.MaxUploadBytes})
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case ai.ImageTooLarge(err):
		return nil, errEngineBadImage(err)
	case err != nil:
		return nil, errEngineDown(err)
	}
	img, err := media.DecodeGenerated(raw)
	if err != nil {
		return nil, errEngineBadImage(err)
	}
	return img, nil
}

// saveErr classifies a failure to store an engine's picture: a picture
// the upload checks refuse is the engine's fault, not the user's.
func saveErr(err error) error {
	var ue *media.UploadError
	if errors.As(err, &ue) {
		return errEngineBadImage(err)
	}
	return engineErr(err)
}
