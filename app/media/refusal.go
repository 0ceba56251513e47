package media

import (
	"strconv"

	"souk/app/apperr"
)

// Err is the refusal as the API answers it: invalid input of the image
// field whose message is the catalogue key of its kind, rendered in the
// shopper's language. Message stays English detail for logs and tests.
func (e *UploadError) Err() *apperr.Error {
	switch e.Key {
	case KeyImageTooLarge:
		return apperr.Invalid("image", KeyImageTooLarge, KeyImageTooLarge)
	case KeyImageNotSupported:
		return apperr.Invalid("image", KeyImageNotSupported, KeyImageNotSupported)
	case KeyImageTooManyPixels:
		return apperr.Invalid("image", KeyImageTooManyPixels, KeyImageTooManyPixels)
	case KeyImageSearchTooManyPixels:
		return apperr.Invalid("image", KeyImageTooManyPixels, KeyImageSearchTooManyPixels, "mp", strconv.Itoa(MaxQueryPixels/1_000_000))
	}
	return apperr.Invalid("image", KeyImageBadRequest, KeyImageBadRequest)
}
