package api

import (
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/media"
)

// Upload serves file/imageBase64/uploadCut/{diskName}/{smallW}/{smallH}/
// {bigW}/{bigH} with form fields image (base64), contentType, quality,
// width, height: it checks the file, re-encodes it and stores a small and a
// big cover-cropped copy. Only signed-in users may upload.
// At most two uploads are decoded at once: one can take ~250 MB at its peak.
func (a *Accounts) Upload(dir string) echo.HandlerFunc {
	slots := make(chan struct{}, 2)
	return func(c echo.Context) error {
		if _, err := a.caller(c); err != nil {
			return a.fail(c, err)
		}
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		case <-c.Request().Context().Done():
			return a.fail(c, apperr.New(apperr.RateLimited, "UploadCancelled"))
		}
		form, err := uploadForm(c)
		if err != nil {
			return a.fail(c, err)
		}
		req := media.UploadRequest{
			Disk: c.Param("diskName"), Base64: form.Get("image"), ContentType: form.Get("contentType"),
			Quality: atoi(form.Get("quality")),
			SmallW:  atoi(c.Param("smallW")), SmallH: atoi(c.Param("smallH")),
			BigW: atoi(c.Param("bigW")), BigH: atoi(c.Param("bigH")),
		}
		out, err := media.Process(dir, "/media", req)
		var ue *media.UploadError
		if errors.As(err, &ue) {
			return a.fail(c, ue.Err())
		}
		if err != nil {
			return a.fail(c, err)
		}
		return a.ok(c, false, out)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// MaxUploadBody bounds an upload request: a 10 MB picture is 13.4 MB of
// base64, beyond Go's own 10 MB limit for url-encoded forms.
const MaxUploadBody = 16 << 20

// uploadForm reads the upload's fields from a url-encoded or multipart body.
func uploadForm(c echo.Context) (url.Values, error) {
	r := c.Request()
	tooLarge := apperr.Invalid("image", "ImageTooLarge", "ImageTooLarge")
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		if err := r.ParseMultipartForm(MaxUploadBody); err != nil {
			return nil, tooLarge
		}
		return url.Values(r.MultipartForm.Value), nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxUploadBody+1))
	if err != nil {
		return nil, apperr.New(apperr.InvalidInput, "UploadUnreadable")
	}
	if len(body) > MaxUploadBody {
		return nil, tooLarge
	}
	v, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, apperr.New(apperr.InvalidInput, "UploadMalformed")
	}
	return v, nil
}
