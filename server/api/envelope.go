// Package api serves /api/v1/souk/: every answer is the envelope
// {"code", "easg", "content"}; business errors keep HTTP 200 (DESIGN §4).
package api

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
)

// Envelope is the shape of every JSON answer.
type Envelope struct {
	Code    apperr.Code `json:"code"`
	Easg    string      `json:"easg"`
	Content any         `json:"content"`
}

// Sealed is the encrypted variant's body: {a:1, b:"<base64 AES-GCM>"}.
type Sealed struct {
	A int    `json:"a"`
	B string `json:"b"`
}

// Sealer seals and opens the encrypted envelope with AES-256-GCM. It guards
// stored and logged payloads against casual reading; TLS is the security.
type Sealer struct {
	aead cipher.AEAD
	raw  []byte
}

// KeyBase64 is the raw key for the browser, which seals the same way.
func (s *Sealer) KeyBase64() string { return base64.StdEncoding.EncodeToString(s.raw) }

// DevEnvelopeKey is used when ENVELOPE_KEY is unset.
const DevEnvelopeKey = "souk development envelope key"

// NewSealer takes 64 hex characters, or any other text that is hashed to a key.
func NewSealer(key string) (*Sealer, error) {
	if key == "" {
		key = DevEnvelopeKey
	}
	raw, err := hex.DecodeString(key)
	if err != nil || len(raw) != 32 {
		sum := sha256.Sum256([]byte(key))
		raw = sum[:]
	}
	block, err := aes.NewCipher(raw)
	if err != nil {
		return nil, fmt.Errorf("api: envelope key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("api: envelope cipher: %w", err)
	}
	return &Sealer{aead: aead, raw: raw}, nil
}

// Seal encrypts plain as base64(nonce ‖ ciphertext).
func (s *Sealer) Seal(plain []byte) string {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.StdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, nil))
}

// Open decrypts what Seal produced.
func (s *Sealer) Open(b64 string) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return nil, errors.New("not base64 or too short")
	}
	n := s.aead.NonceSize()
	return s.aead.Open(nil, raw[:n], raw[n:], nil)
}

// MaxBody bounds a JSON request body.
const MaxBody = 1 << 20

// bind reads a JSON body into v, opening the encrypted variant. It reports
// whether the request was sealed, so the answer can be sealed too.
func (h *Handlers) bind(c echo.Context, v any) (bool, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, MaxBody+1))
	if err != nil {
		return false, apperr.New(apperr.InvalidInput, "RequestUnreadable")
	}
	if len(body) > MaxBody {
		return false, apperr.New(apperr.InvalidInput, "RequestTooLarge")
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		body = []byte("{}")
	}
	sealed := false
	var env Sealed
	if json.Unmarshal(body, &env) == nil && env.A == 1 && env.B != "" {
		plain, err := h.sealer.Open(env.B)
		if err != nil {
			return true, apperr.New(apperr.InvalidInput, "RequestSealBroken")
		}
		body, sealed = plain, true
	}
	if !cleanJSON(body) {
		return sealed, errInvalidCharacters()
	}
	if err := json.Unmarshal(body, v); err != nil {
		return sealed, describeJSONError(err)
	}
	return sealed, nil
}

// describeJSONError says what is wrong with a body that is not the call's
// JSON: which field has the wrong type, or where the JSON breaks.
func describeJSONError(err error) *apperr.Error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return apperr.New(apperr.InvalidInput, "RequestFieldType", "field", te.Field, "type", jsonKind(te.Type))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return apperr.New(apperr.InvalidInput, "RequestBadJSON", "offset", strconv.FormatInt(se.Offset, 10))
	}
	return apperr.New(apperr.InvalidInput, "RequestNotObject")
}

// jsonKind names a Go type as the JSON value it reads.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct, reflect.Interface:
		return "object"
	}
	return "number"
}

// ok writes content in the envelope, sealed when the request was.
func (h *Handlers) ok(c echo.Context, sealed bool, content any) error {
	if sealed {
		raw, err := json.Marshal(content)
		if err != nil {
			return h.fail(c, fmt.Errorf("api: encode content: %w", err))
		}
		content = map[string]string{"b": h.sealer.Seal(raw)}
	}
	return c.JSON(http.StatusOK, Envelope{Code: apperr.OK, Content: content})
}

// fail maps an error to its envelope: classified errors show their safe
// message; anything else is logged and shown as the generic 443.
func (h *Handlers) fail(c echo.Context, err error) error {
	e, ok := apperr.As(err)
	if !ok {
		h.log.Error("api", "path", c.Path(), "err", err)
		return c.JSON(http.StatusOK, Envelope{Code: apperr.InternalProblem, Easg: h.Message(c, "ErrorOccurs")})
	}
	if e.Cause != nil {
		// A client's fault (bad input, not found, too often) is routine:
		// below warning, and only the cause, never the request's payload.
		level := slog.LevelInfo
		if e.Code == apperr.InternalProblem {
			level = slog.LevelError
		}
		h.log.Log(c.Request().Context(), level, "api", "path", c.Path(), "code", e.Code, "err", e.Cause)
	}
	var content any
	if len(e.Fields) > 0 {
		content = map[string]any{"fields": e.Fields}
	}
	return c.JSON(http.StatusOK, Envelope{Code: e.Code, Easg: e.Render(h.translator(c)), Content: content})
}

// Message is key in the request's language, for answers written outside
// fail (transport errors, stream and socket frames).
func (h *Handlers) Message(c echo.Context, key string, args ...string) string {
	return h.translator(c)(key, args...)
}

// translator renders catalogue keys in the request's language (ALAN), with
// the catalogue's English fallback.
func (h *Handlers) translator(c echo.Context) apperr.Translator {
	lang := h.langs.Normalize(c.Request().Header.Get("ALAN"))
	return func(key string, args ...string) string { return h.strings.T(lang, key, args...) }
}
