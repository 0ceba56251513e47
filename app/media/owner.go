package media

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
)

// OwnerDir is the folder of a user's uploads, derived from the user's uid:
// 24 lowercase hex digits, whatever characters the uid has. An upload's URL
// thereby names its owner, so a profile can accept only its own pictures
// without storing who uploaded what.
func OwnerDir(uid string) string {
	h := sha256.Sum256([]byte("souk upload owner|" + uid))
	return hex.EncodeToString(h[:12])
}

// uploadPath is the only shape of an uploaded file's path under the media
// folder: uploads/<disk>/<owner>/<id>-<s|b>.jpg. Disk "creation" holds the
// pictures AI creation made (SaveGenerated); no upload can name it.
var uploadPath = regexp.MustCompile(`^uploads/(avatar|background|goods|chat|creation)/([0-9a-f]{24})/[0-9a-f]{32}-[sb]\.jpg$`)

// legacyUploadPath is the shape of uploads stored before they had owner
// folders; profiles may still show them.
var legacyUploadPath = regexp.MustCompile(`^uploads/(avatar|background|goods)/[0-9a-f]{32}-[sb]\.jpg$`)

// IsUploadName reports whether p (as in a URL after "/media/") names an
// uploaded JPEG, with an owner folder or from before there were any.
func IsUploadName(p string) bool {
	return uploadPath.MatchString(p) || legacyUploadPath.MatchString(p)
}

// ParseUploadPath checks an uploaded file's path under the media folder
// (as in its URL after "/media/") and returns its disk and owner folder.
func ParseUploadPath(p string) (disk, owner string, ok bool) {
	m := uploadPath.FindStringSubmatch(p)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}
