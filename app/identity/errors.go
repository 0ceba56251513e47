package identity

import "souk/app/apperr"

func apperrConflict(key string, args ...string) error { return apperr.New(apperr.Conflict, key, args...) }
