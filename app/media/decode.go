package media

import (
	"image"
	"net/http"
)

// MaxQueryPixels caps the pictures search by image decodes, checked on the
// header before any pixel is decoded: a 12 MP picture decodes to ~50 MB,
// and describing it needs far fewer pixels anyway. Go cannot decode a JPEG
// at a reduced size, so larger pictures are refused, not shrunk.
const MaxQueryPixels = 12_000_000

// KeyImageSearchTooManyPixels is the refusal of a picture above
// MaxQueryPixels (catalogue key, with {mp}).
const KeyImageSearchTooManyPixels = "ImageSearchTooManyPixels"

// DecodeQuery decodes raw image bytes with the same defences as uploads
// (size limit, sniffed type, header-checked pixel count, JPEG scan limit)
// and the smaller pixel budget MaxQueryPixels, without storing anything:
// for search by image. It returns an opaque image with EXIF orientation
// applied. Decode inside the shared Gate.
func DecodeQuery(data []byte) (image.Image, error) { return decodeChecked(data, MaxQueryPixels) }

// DecodeGenerated decodes the bytes an image endpoint sent back with the
// defences of uploads and their pixel budget (MaxUploadPixels); store the
// result with SaveGenerated, which re-encodes and size-checks it.
func DecodeGenerated(data []byte) (image.Image, error) { return decodeChecked(data, MaxUploadPixels) }

func decodeChecked(data []byte, maxPixels int64) (image.Image, error) {
	if len(data) == 0 {
		return nil, refuse(KeyImageBadRequest, "The image is empty.")
	}
	if len(data) > MaxUploadBytes {
		return nil, tooLarge()
	}
	sniffed := http.DetectContentType(data[:min(len(data), 512)])
	dec, ok := uploadDecoders[sniffed]
	if !ok {
		return nil, refuse(KeyImageNotSupported, "Only JPEG, PNG, GIF and WebP images are supported.")
	}
	img, uerr := decodeImage(dec, data, maxPixels)
	if uerr != nil {
		return nil, uerr
	}
	rgba := toRGBA(img)
	if sniffed == "image/jpeg" {
		rgba = applyOrientation(rgba, exifOrientation(data))
	}
	return rgba, nil
}
