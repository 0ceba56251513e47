package api

import (
	"context"
	"errors"
	"io"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/media"
	"souk/app/search"
)

// ImageResults is how many goods an image search shows.
const ImageResults = 40

// streamImage answers image/stream/search (multipart: image, contentType,
// width, height) with the same frames as a text search: goods most like
// the picture, split into consumer and wholesale goods, and the picture's
// dominant colours in the understood frame, to offer as a refinement. A
// picture of something the store does not sell gets no goods, and the
// 'show more' and feedback sections (SPEC §2, codes 6 and 7).
func (s *Searches) streamImage(c echo.Context) error {
	w := newFrameWriter(c, s.translator(c))
	if s.visual == nil {
		w.fail(int(apperr.InternalProblem), "ImageSearchUnavailable")
		return nil
	}
	guardBody(c)
	data, err := readImageField(c)
	if err != nil {
		w.failErr(err)
		return nil
	}
	res, err := s.searchPicture(c.Request().Context(), data)
	var ue *media.UploadError
	if errors.As(err, &ue) {
		w.failErr(ue.Err())
		return nil
	}
	if err != nil {
		return nil // the client left while waiting for a decoding slot
	}
	rc := s.ctxOf(c)
	if !w.frame(map[string]any{"c": FrameUnderstood, "understood": map[string]any{
		"lang": rc.lang, "dominant": res.Dominant, "partial": !s.visual.Ready()}, "colorNames": s.colorNames(res.Dominant, rc.lang)}) {
		return nil
	}
	cards, err := s.svc.Cards(c.Request().Context(), res.Goods, rc.lang, rc.currency)
	if err != nil {
		w.fail(int(apperr.InternalProblem), "SearchFailed")
		return nil
	}
	for _, group := range []struct{ big, item, done int }{{1, FrameConsumerItem, FrameConsumerDone}, {2, FrameWholesaleItem, FrameWholesaleDone}} {
		for _, card := range cards {
			if card.BigType == group.big && !w.frame(map[string]any{"c": group.item, "item": card}) {
				return nil
			}
		}
		w.frame(map[string]int{"c": group.done})
	}
	if len(res.Goods) == 0 { // nothing like the picture: offer more, and ask
		w.frame(map[string]int{"c": FrameShowMore})
	}
	w.frame(map[string]int{"c": FrameFeedback})
	return nil
}

// searchPicture decodes the picture and finds goods like it, holding a slot
// of the decoding gate it shares with uploads: the body has fully arrived,
// and the header was checked against the search's pixel budget.
func (s *Searches) searchPicture(ctx context.Context, data []byte) (search.VisualResult, error) {
	release, err := s.gate.Enter(ctx)
	if err != nil {
		return search.VisualResult{}, err
	}
	defer release()
	img, err := media.DecodeQuery(data)
	if err != nil {
		return search.VisualResult{}, err
	}
	return s.visual.SearchContext(ctx, img, ImageResults), nil
}

// readImageField reads the uploaded picture, bounded in size.
func readImageField(c echo.Context) ([]byte, error) {
	fh, err := c.FormFile("image")
	if err != nil {
		if slowOrCut(err) {
			return nil, bodyErr(err)
		}
		return nil, apperr.Invalid("image", "ImageBadRequest", "ImageSearchNoPicture")
	}
	if form := c.Request().MultipartForm; form != nil && !cleanValues(form.Value) {
		return nil, errInvalidCharacters()
	}
	if fh.Size > media.MaxUploadBytes {
		return nil, apperr.Invalid("image", "ImageTooLarge", "ImageTooLarge")
	}
	f, err := fh.Open()
	if err != nil {
		return nil, apperr.Invalid("image", "ImageBadRequest", "ImageBadRequest")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, media.MaxUploadBytes+1))
	if err != nil || len(data) > media.MaxUploadBytes {
		return nil, apperr.Invalid("image", "ImageTooLarge", "ImageTooLarge")
	}
	return data, nil
}
