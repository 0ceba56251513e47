package listing

import (
	"context"
	"encoding/json"
	"fmt"
	"souk/app/ai"
	"strings"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/review"
	"souk/app/staff"
	"souk/app/store"
	"souk/ent"
	"souk/ent/goods"
	entid "souk/ent/identity"
	"souk/ent/user"
)

// Editor creates and edits a seller's goods through the goods form, and
// lets operators review them. Texts, images and attributes of a live item
// change only when an operator passes the change (kept in pending
// meanwhile); prices, stock and quantities apply at once.
type Editor struct {
	db    *ent.Client
	forms *form.Service
	cat   *catalog.Service
	staff *staff.Service
	now   func() time.Time
	// OnChange is told when a goods item's live version changed, so its
	// cached pages and its search entry follow at once.
	OnChange func(ctx context.Context, goodsUID string)
	// OnDecided is told after a pass or a rejection commits, so the owner
	// hears of it.
	OnDecided func(ctx context.Context, d review.Decided)

	// PictureColours names the dominant colours (colour keys) of a goods
	// form's picture at url when it is userUID's upload; a draft uses them
	// when the form has no colour options. Nil: drafts do not look.
	PictureColours func(ctx context.Context, userUID, url string) []string

	ai    *ai.Service // drafts and machine translations; nil: off
	fills *fillJobs
}

// EnableAI lets sellers draft texts and fill languages with s.
func (e *Editor) EnableAI(s *ai.Service) { e.ai = s }

// NewEditor makes the editor.
func NewEditor(db *ent.Client, forms *form.Service, cat *catalog.Service, st *staff.Service) *Editor {
	return &Editor{db: db, forms: forms, cat: cat, staff: st, now: time.Now, fills: &fillJobs{jobs: map[string]*FillJob{}}}
}

// EnsureForms stores the goods form when the database lacks it.
func (e *Editor) EnsureForms(ctx context.Context) error {
	return e.forms.Ensure(ctx, DefaultForms())
}

// DefaultForms are the goods form's built-in definition; admins may edit
// the stored one (operations/EditForm/goods) but not drop its fields.
func DefaultForms() []form.Form { return []form.Form{editorGoodsForm} }

// EditorView is a goods item as its owner edits it.
type EditorView struct {
	TreID        string        `json:"treId"`
	Sid          string        `json:"sid"` // the seller identity that owns it
	Status       review.Status `json:"approveStatus"`
	RejectReason string        `json:"rejectReason"`
	Live         bool          `json:"live"`    // an approved version is public
	Pending      bool          `json:"pending"` // a change waits (or is a draft)
	Saleable     int           `json:"saleable"`
	MaLan        string        `json:"maLan"`
	URI          string        `json:"uri"`
	Values       form.Values   `json:"values"`
}

// EditorWithForm is what getTreWithForm and saveTreForm answer: the item
// (nil for a new one) and the goods form.
type EditorWithForm struct {
	Item *EditorView `json:"item"`
	Form *form.Form  `json:"form"`
}

// EditorSave is one saveTreForm.
type EditorSave struct {
	TreID  string // "" or "0" for a new item
	Sid    string // optional; when sent it must be the caller's seller identity
	Values form.Values
	Submit bool   // submit for review; false keeps a draft
	Lang   string // the main language the texts are written in
}

func editorErrSeller() error   { return apperr.New(apperr.Conflict, "SellerFirst") }
func editorErrNotFound() error { return apperr.New(apperr.NotFound, "GoodsNotFound") }
func editorErrInReview() error { return apperr.New(apperr.Conflict, "ReviewInProgress") }

// editorSeller is the caller's passed Seller identity.
func (e *Editor) editorSeller(ctx context.Context, userID int) (*ent.Identity, error) {
	it, err := e.db.Identity.Query().Where(entid.HasUserWith(user.IDEQ(userID), user.StatusEQ("active")),
		entid.IdentityTypeEQ(catalog.IdentitySeller)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, editorErrSeller()
	}
	if err != nil {
		return nil, fmt.Errorf("listing: seller: %w", err)
	}
	if !it.Public {
		return nil, editorErrSeller()
	}
	return it, nil
}

// editorOwned loads treID when seller owns it; anyone else's item is not found.
func (e *Editor) editorOwned(ctx context.Context, db *ent.Client, seller *ent.Identity, treID string) (*ent.Goods, error) {
	if treID == "" || len(treID) > 64 {
		return nil, editorErrNotFound()
	}
	g, err := editorLoad(ctx, db, editorByUID(treID), func(q *ent.GoodsQuery) { q.Where(goods.HasOwnerWith(entid.IDEQ(seller.ID))) })
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, editorErrNotFound()
	}
	return g, nil
}

// categoryCodes are the codes of every category goods may name.
func (e *Editor) categoryCodes(ctx context.Context) (map[string]bool, error) {
	tree, err := e.cat.CategoryTree(ctx, "en")
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, top := range tree {
		for _, c := range top.Codes() {
			out[c] = true
		}
	}
	return out, nil
}

func editorNew(treID string) bool { return strings.TrimSpace(treID) == "" || treID == "0" }

// GetWithForm is getTreWithForm: the goods form and, for an existing item
// of the caller, its current values (the pending change, else the live ones).
func (e *Editor) GetWithForm(ctx context.Context, userID int, treID string, t func(string) string) (*EditorWithForm, error) {
	seller, err := e.editorSeller(ctx, userID)
	if err != nil {
		return nil, err
	}
	f, err := e.forms.Get(ctx, GoodsFormName)
	if err != nil {
		return nil, err
	}
	if editorNew(treID) {
		return &EditorWithForm{Form: f}, nil
	}
	g, err := e.editorOwned(ctx, e.db, seller, treID)
	if err != nil {
		return nil, err
	}
	v, err := e.editorView(ctx, g, seller, t)
	if err != nil {
		return nil, err
	}
	return &EditorWithForm{Item: v, Form: f}, nil
}

func (e *Editor) editorView(ctx context.Context, g *ent.Goods, seller *ent.Identity, t func(string) string) (*EditorView, error) {
	v := &EditorView{TreID: g.UID, Sid: seller.UID, Status: review.Object(g.ApproveStatus, t), RejectReason: g.RejectReason,
		Live: g.Live, Pending: g.Pending != nil, Saleable: g.Saleable, MaLan: g.MainLan, URI: g.URI, Values: g.Pending}
	if g.Pending != nil && g.PendingLang != "" {
		v.MaLan = g.PendingLang
	}
	if v.Values == nil {
		vals, err := e.editorLiveValues(ctx, e.db, g)
		if err != nil {
			return nil, err
		}
		v.Values = vals
	}
	return v, nil
}

// editorAtOnce are the fields whose change applies at once; a change of
// any other (texts, pictures, attributes, options, and fields operators
// added to the form) waits for review.
var editorAtOnce = map[string]bool{"priceType": true, "prices": true, "ranges": true, "minQty": true, "stock": true, "skus": true}

// editorSame reports whether a and b agree on the reviewed fields (and the
// skus' combinations): a save that changes only prices or stock needs no review.
func editorSame(a, b form.Values) bool {
	pick := func(v form.Values) string {
		m := map[string]any{}
		for k, x := range v {
			if !editorAtOnce[k] {
				m[k] = x
			}
		}
		var combos []string
		skus, _ := v["skus"].([]any)
		for _, s := range skus {
			sm, _ := s.(map[string]any)
			combos = append(combos, fmt.Sprint(sm["id"], sm["a"]))
		}
		m["skus"] = combos
		raw, _ := json.Marshal(m)
		// Numbers read back from JSON are float64 where a fresh save has
		// ints; compare their JSON forms, which agree.
		return string(raw)
	}
	return pick(a) == pick(b)
}

// Save is saveTreForm: it validates values against the goods form and
// saves a new item or a change of the caller's item, in one transaction.
func (e *Editor) Save(ctx context.Context, userID int, userUID string, in EditorSave, t func(string) string) (*EditorWithForm, error) {
	seller, err := e.editorSeller(ctx, userID)
	if err != nil {
		return nil, err
	}
	if in.Sid != "" && in.Sid != seller.UID {
		return nil, apperr.New(apperr.Forbidden, "NotYourGoods")
	}
	if in.Lang == "" || len(in.Lang) > 16 { // the handler normalises it
		in.Lang = "en"
	}
	f, err := e.forms.Get(ctx, GoodsFormName)
	if err != nil {
		return nil, err
	}
	var cur *ent.Goods
	if !editorNew(in.TreID) {
		if cur, err = e.editorOwned(ctx, e.db, seller, in.TreID); err != nil {
			return nil, err
		}
	}
	ids, images := editorKnown(cur)
	cats, err := e.categoryCodes(ctx)
	if err != nil {
		return nil, err
	}
	chk := &editorChecker{cat: e.cat, owner: userUID, knownIDs: ids, knownImages: images, categories: cats}
	clean, err := form.ValidateWith(f, in.Values, userUID, chk.check)
	if err != nil {
		return nil, err
	}
	if clean["attrs"] != nil && clean["skus"] == nil { // attribute values nobody can buy
		return nil, &apperr.Error{Code: apperr.InvalidInput, Key: "FormHasErrors", Fields: map[string]string{"skus": form.ErrRequired}}
	}
	status := review.None
	if in.Submit {
		status = review.Waiting
	}
	var uid string
	liveChanged := false
	err = store.InTx(ctx, e.db, func(tx *ent.Tx) error {
		if cur == nil {
			g, err := e.editorCreate(ctx, tx, seller, clean, status, in.Lang)
			uid = g.UID
			return err
		}
		uid = cur.UID
		return e.editorUpdate(ctx, tx, cur, clean, status, in.Lang, &liveChanged)
	})
	if err != nil {
		return nil, err
	}
	if liveChanged && e.OnChange != nil {
		e.OnChange(ctx, uid)
	}
	return e.GetWithForm(ctx, userID, uid, t)
}

func (e *Editor) editorCreate(ctx context.Context, tx *ent.Tx, seller *ent.Identity, clean form.Values, status int, lang string) (*ent.Goods, error) {
	g, err := tx.Goods.Create().SetUID(editorUID("tr")).SetOwnerID(seller.ID).
		SetLive(false).SetSaleable(0).SetApproveStatus(status).SetStock(0).
		SetPending(clean).SetPendingLang(lang).SetMainLan(lang).Save(ctx)
	if err != nil {
		return &ent.Goods{}, fmt.Errorf("listing: create goods: %w", err)
	}
	return g, nil
}

// editorUpdate saves a change of cur. A live item gets its prices and
// stock at once; the reviewed fields wait in pending unless they are
// unchanged. Nothing changes while an operator holds the item (Doing).
func (e *Editor) editorUpdate(ctx context.Context, tx *ent.Tx, cur *ent.Goods, clean form.Values, status int, lang string, liveChanged *bool) error {
	q := tx.Goods.Update().Where(goods.IDEQ(cur.ID), goods.ApproveStatusNEQ(review.Doing))
	same := false
	if cur.Live {
		live, err := e.editorLiveValues(ctx, tx.Client(), cur)
		if err != nil {
			return err
		}
		// Waiting translations keep the item in review whatever the form says.
		same = editorSame(clean, live) && lang == cur.MainLan && len(cur.PendingTexts) == 0
	}
	if same {
		q.ClearPending().SetPendingLang("").SetApproveStatus(review.Pass).SetRejectReason("").ClearReviewerID()
	} else {
		q.SetPending(clean).SetPendingLang(lang).SetApproveStatus(status).SetRejectReason("").ClearReviewerID()
	}
	n, err := q.Save(ctx)
	if err != nil {
		return fmt.Errorf("listing: save goods: %w", err)
	}
	if n == 0 {
		return editorErrInReview()
	}
	if cur.Live {
		if err := e.editorApplyPrices(ctx, tx, cur, clean, false); err != nil {
			return err
		}
		*liveChanged = true
	}
	return nil
}
