// Package address keeps shoppers' address books: at most MaxPerUser
// addresses each, exactly one of them the default once there is any, every
// field checked against the rules of its country (rules.go). Only the owner
// ever finds an address: another user's id answers not found.
package address

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/address"
	"souk/ent/schema"
)

// MaxPerUser bounds an address book.
const MaxPerUser = 20

// ErrLimit is returned when a user already has MaxPerUser addresses.
var ErrLimit = apperr.New(apperr.Conflict, "AddressLimit", "max", strconv.Itoa(MaxPerUser))

// ErrNotFound is returned for an unknown address or another user's.
var ErrNotFound = apperr.New(apperr.NotFound, "AddressNotFound")

// Service is the address book service.
type Service struct{ db *ent.Client }

// New makes the service.
func New(db *ent.Client) *Service { return &Service{db: db} }

// Input is an address as the form sends it; ID "" creates one.
type Input struct {
	ID         string
	Name       string
	Phone      string
	Country    string
	Region     string
	City       string
	Line1      string
	Line2      string
	PostalCode string
	IsDefault  bool
}

// Address is an address as the API shows it.
type Address struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Phone      string `json:"phone"`
	Country    string `json:"country"`
	Region     string `json:"region"`
	City       string `json:"city"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	PostalCode string `json:"postalCode"`
	IsDefault  bool   `json:"isDefault"`
}

// Snapshot is the copy of the address an order keeps.
func (a Address) Snapshot() schema.AddressSnapshot {
	return schema.AddressSnapshot{Name: a.Name, Phone: a.Phone, Country: a.Country, Region: a.Region,
		City: a.City, Line1: a.Line1, Line2: a.Line2, PostalCode: a.PostalCode}
}

// ViewOf is a stored address as the API shows it (nil for nil): for
// checkout and the make-line, which read the address in their own
// transactions.
func ViewOf(a *ent.Address) *Address {
	if a == nil {
		return nil
	}
	v := view(a)
	return &v
}

func view(a *ent.Address) Address {
	return Address{ID: a.UID, Name: a.Name, Phone: a.Phone, Country: a.Country, Region: a.Region, City: a.City,
		Line1: a.Line1, Line2: a.Line2, PostalCode: a.PostalCode, IsDefault: a.IsDefault}
}

// newest orders a user's addresses newest first (id breaks ties of time).
var newest = []address.OrderOption{ent.Desc(address.FieldCreatedAt), ent.Desc(address.FieldID)}

// List is the user's addresses: the default first, then the newest.
func (s *Service) List(ctx context.Context, userID int) ([]Address, error) {
	rows, err := s.db.Address.Query().Where(address.UserIDEQ(userID)).
		Order(append([]address.OrderOption{ent.Desc(address.FieldIsDefault)}, newest...)...).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("address: list: %w", err)
	}
	out := make([]Address, len(rows))
	for i, a := range rows {
		out[i] = view(a)
	}
	return out, nil
}

// Get is one of the user's addresses.
func (s *Service) Get(ctx context.Context, userID int, uid string) (*Address, error) {
	a, err := find(ctx, s.db, userID, uid)
	if err != nil {
		return nil, err
	}
	v := view(a)
	return &v, nil
}

// Default is the user's default address, or nil when the book is empty.
func (s *Service) Default(ctx context.Context, userID int) (*Address, error) {
	a, err := s.db.Address.Query().Where(address.UserIDEQ(userID), address.IsDefault(true)).First(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("address: default: %w", err)
	}
	v := view(a)
	return &v, nil
}

// Save creates an address (in.ID "") or changes one of the user's. The
// first address becomes the default; IsDefault makes this one the default.
// The default stays the default until another address takes its place.
func (s *Service) Save(ctx context.Context, userID int, in Input) (*Address, error) {
	in, err := check(in)
	if err != nil {
		return nil, err
	}
	var saved *ent.Address
	err = s.inBook(ctx, userID, func(tx *ent.Tx) error {
		if in.ID == "" {
			n, err := tx.Address.Query().Where(address.UserIDEQ(userID)).Count(ctx)
			if err != nil {
				return fmt.Errorf("address: count: %w", err)
			}
			if n >= MaxPerUser {
				return ErrLimit
			}
			def := in.IsDefault || n == 0
			if def {
				if err := clearDefault(ctx, tx, userID); err != nil {
					return err
				}
			}
			saved, err = tx.Address.Create().SetUID(newUID()).SetUserID(userID).SetName(in.Name).SetPhone(in.Phone).
				SetCountry(in.Country).SetRegion(in.Region).SetCity(in.City).SetLine1(in.Line1).SetLine2(in.Line2).
				SetPostalCode(in.PostalCode).SetIsDefault(def).Save(ctx)
			if err != nil {
				return fmt.Errorf("address: create: %w", err)
			}
			return nil
		}
		a, err := find(ctx, tx.Client(), userID, in.ID)
		if err != nil {
			return err
		}
		def := a.IsDefault || in.IsDefault
		if def && !a.IsDefault {
			if err := clearDefault(ctx, tx, userID); err != nil {
				return err
			}
		}
		saved, err = tx.Address.UpdateOne(a).SetName(in.Name).SetPhone(in.Phone).SetCountry(in.Country).
			SetRegion(in.Region).SetCity(in.City).SetLine1(in.Line1).SetLine2(in.Line2).
			SetPostalCode(in.PostalCode).SetIsDefault(def).Save(ctx)
		if err != nil {
			return fmt.Errorf("address: update: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	v := view(saved)
	return &v, nil
}

// Delete removes one of the user's addresses. When it was the default, the
// newest remaining address becomes the default.
func (s *Service) Delete(ctx context.Context, userID int, uid string) error {
	return s.inBook(ctx, userID, func(tx *ent.Tx) error {
		a, err := find(ctx, tx.Client(), userID, uid)
		if err != nil {
			return err
		}
		if err := tx.Address.DeleteOne(a).Exec(ctx); err != nil {
			return fmt.Errorf("address: delete: %w", err)
		}
		if !a.IsDefault {
			return nil
		}
		next, err := tx.Address.Query().Where(address.UserIDEQ(userID)).Order(newest...).First(ctx)
		if ent.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("address: next default: %w", err)
		}
		return tx.Address.UpdateOne(next).SetIsDefault(true).Exec(ctx)
	})
}

// SetDefault makes one of the user's addresses the default.
func (s *Service) SetDefault(ctx context.Context, userID int, uid string) error {
	return s.inBook(ctx, userID, func(tx *ent.Tx) error {
		a, err := find(ctx, tx.Client(), userID, uid)
		if err != nil {
			return err
		}
		if a.IsDefault {
			return nil
		}
		if err := clearDefault(ctx, tx, userID); err != nil {
			return err
		}
		return tx.Address.UpdateOne(a).SetIsDefault(true).Exec(ctx)
	})
}

// inBook runs fn in a transaction that holds the user's row lock, so
// changes to one address book happen one after another: two at once could
// otherwise both see "no default yet" or both clear the old default and
// leave two. (SQLite transactions already begin IMMEDIATE; the statement
// is harmless there.)
func (s *Service) inBook(ctx context.Context, userID int, fn func(tx *ent.Tx) error) error {
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("address: begin: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "UPDATE users SET id = id WHERE id = $1", userID); err != nil {
		_ = tx.Rollback()
		return fmt.Errorf("address: lock the book: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("address: commit: %w", err)
	}
	return nil
}

func find(ctx context.Context, db *ent.Client, userID int, uid string) (*ent.Address, error) {
	if uid == "" || len(uid) > 64 {
		return nil, ErrNotFound
	}
	a, err := db.Address.Query().Where(address.UIDEQ(uid), address.UserIDEQ(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("address: find: %w", err)
	}
	return a, nil
}

func clearDefault(ctx context.Context, tx *ent.Tx, userID int) error {
	if err := tx.Address.Update().Where(address.UserIDEQ(userID), address.IsDefault(true)).SetIsDefault(false).Exec(ctx); err != nil {
		return fmt.Errorf("address: clear default: %w", err)
	}
	return nil
}

func newUID() string {
	b := make([]byte, 9)
	_, _ = rand.Read(b)
	return "ad" + hex.EncodeToString(b)
}
