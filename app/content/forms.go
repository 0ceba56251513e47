package content

import (
	"context"

	"souk/app/form"
	"souk/ent"
)

// saveForm replaces a form's field definitions. The built-in fields stay
// (form.CheckEdit); the next save of an entity, identity or goods item is
// validated against what is stored here.
func (s *Service) saveForm(ctx context.Context, tx *ent.Tx, u *ent.User, e Edit) (bool, error) {
	var v FormValue
	if err := decode(e.Value, &v); err != nil {
		return false, err
	}
	if err := form.CheckEdit(s.builtin(e.Name).Fields, v.Fields, s.o.Known); err != nil {
		return false, err
	}
	before, after, err := s.o.Forms.Replace(ctx, tx, e.Name, e.Version, v.Fields)
	if err != nil {
		return false, err
	}
	return true, s.record(ctx, tx, u, auditForm, e.Name, "", before.Fields, after.Fields)
}
