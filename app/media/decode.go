package media

import (
	"image"
	"net/http"
)

// DecodeQuery decodes raw image bytes with the same defences as uploads
// (size limit, sniffed type, header-checked pixel count, JPEG scan limit)
// without storing anything: for search by image. It returns an opaque image
// with EXIF orientation applied.
func DecodeQuery(data []byte) (image.Image, error) {
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
	img, uerr := decodeImage(dec, data)
	if uerr != nil {
		return nil, uerr
	}
	rgba := toRGBA(img)
	if sniffed == "image/jpeg" {
		rgba = applyOrientation(rgba, exifOrientation(data))
	}
	return rgba, nil
}
