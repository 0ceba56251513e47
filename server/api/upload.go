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
// big cover-cropped copy in the caller's own folder. Only signed-in users
// may upload. The body must arrive in time and at a minimum rate, and only
// then is a decoding slot of gate (shared with search by image) taken, so
// slow clients cannot hold the slots.
func (a *Accounts) Upload(dir string, gate *media.Gate) echo.HandlerFunc {
	return func(c echo.Context) error {
		caller, err := a.caller(c)
		if err != nil {
			return a.fail(c, err)
		}
		guardBody(c)
		form, err := uploadForm(c)
		if err != nil {
			return a.fail(c, err)
		}
		if !cleanValues(form) {
			return a.fail(c, errInvalidCharacters())
		}
		release, err := gate.Enter(c.Request().Context())
		if err != nil {
			return a.fail(c, apperr.New(apperr.RateLimited, "UploadCancelled"))
		}
		defer release()
		req := media.UploadRequest{
			Disk: c.Param("diskName"), Owner: caller.User.UID, Base64: form.Get("image"), ContentType: form.Get("contentType"),
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
			if slowOrCut(err) {
				return nil, bodyErr(err)
			}
			return nil, tooLarge
		}
		return url.Values(r.MultipartForm.Value), nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxUploadBody+1))
	if err != nil {
		return nil, bodyErr(err)
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
