package chat

import (
	"context"
	"fmt"

	"souk/ent"
	"souk/ent/chatreport"
	"souk/ent/conversation"
	"souk/ent/predicate"
)

// Page is one page of conversations.
type Page struct {
	List  []ConversationView `json:"list"`
	Total int                `json:"total"`
}

// memberOf selects the conversations u is a member of: those u opened,
// and, once they have a message, those of u's identities and (for staff)
// customer service.
func (s *Service) memberOf(ctx context.Context, u *ent.User) (predicate.Conversation, error) {
	ids, err := s.myIdentityIDs(ctx, u)
	if err != nil {
		return nil, err
	}
	or := []predicate.Conversation{conversation.ShopperIDEQ(u.ID)}
	if len(ids) > 0 {
		or = append(or, conversation.And(conversation.IdentityIDIn(ids...), conversation.LastSeqGT(0)))
	}
	if isStaff(u) {
		or = append(or, conversation.And(conversation.IdentityIDIsNil(), conversation.LastSeqGT(0)))
	}
	return conversation.Or(or...), nil
}

// List is u's conversations, newest activity first.
func (s *Service) List(ctx context.Context, u *ent.User, page int, loc Locale) (*Page, error) {
	where, err := s.memberOf(ctx, u)
	if err != nil {
		return nil, err
	}
	return s.page(ctx, u, s.db.Conversation.Query().Where(where), page, loc,
		ent.Desc(conversation.FieldLastAt), ent.Desc(conversation.FieldID))
}

// StaffList is customer service's conversations for operators: those
// waiting for an answer (the shopper wrote last) first, then by activity.
// Only staff call it (the handler checks the role).
func (s *Service) StaffList(ctx context.Context, u *ent.User, page int, loc Locale) (*Page, error) {
	q := s.db.Conversation.Query().Where(conversation.IdentityIDIsNil(), conversation.LastSeqGT(0))
	// Handed over by the assistant first; then "shopper" sorts after
	// "peer": descending puts waiting ones first.
	return s.page(ctx, u, q, page, loc, ent.Desc(conversation.FieldNeedsPerson), ent.Desc(conversation.FieldLastSide), ent.Desc(conversation.FieldLastAt),
		ent.Desc(conversation.FieldID))
}

func (s *Service) page(ctx context.Context, u *ent.User, q *ent.ConversationQuery, page int, loc Locale, order ...conversation.OrderOption) (*Page, error) {
	page = max(page, 1)
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: count conversations: %w", err)
	}
	cs, err := q.Order(order...).Offset((page - 1) * ListPageSize).Limit(ListPageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: list conversations: %w", err)
	}
	views, err := s.views(ctx, u, cs, loc)
	if err != nil {
		return nil, err
	}
	return &Page{List: views, Total: total}, nil
}

// ReportView is a report as staff see it.
type ReportView struct {
	Conversation string `json:"conversation"`
	Kind         string `json:"kind"`
	Side         string `json:"side"` // the reporter's side
	Reason       string `json:"reason"`
	LastSeq      int64  `json:"lastSeq"`
	At           string `json:"at"`
}

// Reports lists reported conversations for staff, newest first.
func (s *Service) Reports(ctx context.Context, page int) ([]ReportView, error) {
	page = max(page, 1)
	rs, err := s.db.ChatReport.Query().Order(ent.Desc(chatreport.FieldCreatedAt), ent.Desc(chatreport.FieldID)).
		Offset((page - 1) * ListPageSize).Limit(ListPageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: list reports: %w", err)
	}
	ids := make([]int, len(rs))
	for i, r := range rs {
		ids[i] = r.ConversationID
	}
	cs, err := s.db.Conversation.Query().Where(conversation.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: reported conversations: %w", err)
	}
	byID := map[int]*ent.Conversation{}
	for _, c := range cs {
		byID[c.ID] = c
	}
	out := make([]ReportView, 0, len(rs))
	for _, r := range rs {
		if c := byID[r.ConversationID]; c != nil {
			out = append(out, ReportView{Conversation: c.UID, Kind: c.Kind, Side: r.Side, Reason: r.Reason,
				LastSeq: r.LastSeq, At: r.CreatedAt.UTC().Format("2006-01-02T15:04:05Z07:00")})
		}
	}
	return out, nil
}
