package order

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/payment"
	"souk/app/store"
	"souk/ent"
	"souk/ent/order"
	entpay "souk/ent/payment"
)

// quoteDoge fixes the DOGE amount and address of a payment.
func (s *Service) quoteDoge(ctx context.Context, p *ent.Payment, amount int64) (*PayResult, error) {
	if s.opts.Chain == nil {
		return nil, apperr.New(apperr.Conflict, "DogeUnavailable")
	}
	usd, err := s.cat.Rates().Convert(amount, p.Currency, "USD")
	if err != nil {
		return nil, fmt.Errorf("order: doge quote: %w", err)
	}
	koinu := payment.DogeAmount(usd)
	rate := s.cat.Rates().Decimal(amount, p.Currency) / (float64(koinu) / payment.Koinu)
	err = s.db.Payment.UpdateOneID(p.ID).SetStatus(payPending).SetDogeAddress(s.opts.Chain.Address(p.UID)).
		SetDogeAmount(koinu).SetDogeRate(rate).SetProviderRef("doge:" + p.UID).Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: doge quote: %w", err)
	}
	return &PayResult{Status: payment.Pending, PayUID: p.UID, DogeURL: "/dogepay/" + p.UID}, nil
}

// DogePage answers dogePay/showTransactionPageData.
type DogePage struct {
	PayUID       string        `json:"payUid"`
	Address      string        `json:"address"`
	AmountDoge   string        `json:"amountDoge"`
	Rate         float64       `json:"rate"`
	Fiat         catalog.Price `json:"fiat"`
	QR           string        `json:"qr"`
	URI          string        `json:"uri"`
	Status       string        `json:"status"`
	Simulated    bool          `json:"simulated"`
	OrderNumbers []string      `json:"orderNumbers"`
	ExpiresAt    time.Time     `json:"expiresAt"`
}

// ownDoge finds the user's Doge payment.
func (s *Service) ownDoge(ctx context.Context, userID int, uid string) (*ent.Payment, error) {
	p, err := ownPayment(ctx, s.db, userID, uid)
	if err != nil {
		return nil, err
	}
	if p.Method != payment.Doge || p.DogeAddress == "" {
		return nil, apperr.New(apperr.NotFound, "PaymentNotFound")
	}
	return p, nil
}

// DogePage shows where and how much to send.
func (s *Service) DogePage(ctx context.Context, userID int, uid string) (*DogePage, error) {
	p, err := s.ownDoge(ctx, userID, uid)
	if err != nil {
		return nil, err
	}
	orders, err := s.db.Order.Query().Where(order.PaymentUIDEQ(p.UID)).Order(ent.Asc(order.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: doge page: %w", err)
	}
	out := &DogePage{PayUID: p.UID, Address: p.DogeAddress, AmountDoge: payment.FormatDoge(p.DogeAmount), Rate: p.DogeRate,
		Fiat: s.cat.Money(p.Amount, p.Currency), Status: p.Status, Simulated: s.opts.Chain.Simulated(), OrderNumbers: []string{}}
	out.URI = fmt.Sprintf("dogecoin:%s?amount=%s", p.DogeAddress, out.AmountDoge)
	png, err := qrcode.Encode(out.URI, qrcode.Medium, 256)
	if err != nil {
		return nil, fmt.Errorf("order: doge qr: %w", err)
	}
	out.QR = "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
	for i, o := range orders {
		out.OrderNumbers = append(out.OrderNumbers, o.Number)
		if i == 0 || o.PayBy.Before(out.ExpiresAt) {
			out.ExpiresAt = o.PayBy
		}
	}
	return out, nil
}

// DogeProgress answers dogePay/showTransactionProgress.
type DogeProgress struct {
	Status        string `json:"status"`
	Confirmations int    `json:"confirmations"`
	Required      int    `json:"required"`
	Received      string `json:"received"`
	TxID          string `json:"txid"`
}

// DogeProgress checks the chain now and says how far the payment is.
func (s *Service) DogeProgress(ctx context.Context, userID int, uid string) (*DogeProgress, error) {
	p, err := s.ownDoge(ctx, userID, uid)
	if err != nil {
		return nil, err
	}
	transfers, err := s.checkDoge(ctx, p)
	if err != nil {
		return nil, err
	}
	if p, err = s.db.Payment.Get(ctx, p.ID); err != nil {
		return nil, fmt.Errorf("order: doge progress: %w", err)
	}
	out := &DogeProgress{Status: p.Status, Required: s.opts.Chain.Required(), Received: payment.FormatDoge(0)}
	var got int64
	for i, t := range transfers {
		got += t.Amount
		if i == 0 || t.Confirmations < out.Confirmations {
			out.Confirmations, out.TxID = t.Confirmations, t.TxID
		}
	}
	out.Received = payment.FormatDoge(got)
	out.Confirmations = min(out.Confirmations, out.Required)
	return out, nil
}

// checkDoge reads the chain for a pending payment: a transfer seen puts
// its orders in payment processing; enough confirmed value pays them.
func (s *Service) checkDoge(ctx context.Context, p *ent.Payment) ([]payment.Transfer, error) {
	transfers, err := s.opts.Chain.Transfers(ctx, p.DogeAddress)
	if err != nil || p.Status != payPending || len(transfers) == 0 {
		return transfers, err
	}
	var seen, confirmed int64
	for _, t := range transfers {
		seen += t.Amount
		if t.Confirmations >= s.opts.Chain.Required() {
			confirmed += t.Amount
		}
	}
	var c changed
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		var err error
		if confirmed >= p.DogeAmount {
			c, err = s.markPaid(ctx, tx, p)
			return err
		}
		if seen > 0 {
			c, err = s.moveAll(ctx, tx, p.UID, []int{AwaitingPayment}, PaymentProcessing, "NoteDogeSeen")
		}
		return err
	})
	if err == nil {
		s.after(ctx, c)
	}
	return transfers, err
}

// WatchDoge checks every pending Doge payment (the sweeper calls it).
func (s *Service) WatchDoge(ctx context.Context) error {
	if s.opts.Chain == nil {
		return nil
	}
	pending, err := s.db.Payment.Query().Where(entpay.MethodEQ(payment.Doge), entpay.StatusEQ(payPending)).Limit(500).All(ctx)
	if err != nil {
		return fmt.Errorf("order: watch doge: %w", err)
	}
	for _, p := range pending {
		if _, err := s.checkDoge(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// SimulateSend pays from the test wallet, on a simulated chain only. The
// transfer id comes from the payment, so a second click sends nothing more.
func (s *Service) SimulateSend(ctx context.Context, userID int, uid string) (string, error) {
	p, err := s.ownDoge(ctx, userID, uid)
	if err != nil {
		return "", err
	}
	sim, ok := s.opts.Chain.(*payment.SimChain)
	if !ok {
		return "", apperr.New(apperr.Forbidden, "DogeNoTestWallet")
	}
	if p.Status != payPending {
		return "", apperr.New(apperr.Conflict, "DogeNotAwaiting")
	}
	h := sha256.Sum256([]byte("testwallet|" + p.UID + "|" + p.DogeAddress))
	txid := hex.EncodeToString(h[:])
	err = sim.Record(ctx, txid, payment.WalletAddress(p.UID), p.DogeAddress, p.DogeAmount)
	if err != nil && !ent.IsConstraintError(err) {
		return "", err
	}
	_, err = s.checkDoge(ctx, p)
	return txid, err
}

// RefundAddress is where a Doge refund can go: the addresses that paid.
type RefundAddress struct {
	Address    string `json:"address"`
	AmountDoge string `json:"amountDoge"`
	TxID       string `json:"txid"`
}

// RefundAddresses answers order/getRefundDogeAddresses.
func (s *Service) RefundAddresses(ctx context.Context, userID int, number string) ([]RefundAddress, error) {
	o, err := s.ownOrder(ctx, s.db, userID, number)
	if err != nil {
		return nil, err
	}
	p, err := s.db.Payment.Query().Where(entpay.UIDEQ(o.PaymentUID)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: refund addresses: %w", err)
	}
	out := []RefundAddress{}
	if p.Method != payment.Doge || p.DogeAddress == "" || s.opts.Chain == nil {
		return out, nil
	}
	transfers, err := s.opts.Chain.Transfers(ctx, p.DogeAddress)
	if err != nil {
		return nil, err
	}
	for _, t := range transfers {
		out = append(out, RefundAddress{Address: t.From, AmountDoge: payment.FormatDoge(t.Amount), TxID: t.TxID})
	}
	return out, nil
}

// refundDoge sends an order's share back to the first address that paid
// (simulated chain: at once).
func (s *Service) refundDoge(ctx context.Context, p *ent.Payment, o *ent.Order) error {
	sim, ok := s.opts.Chain.(*payment.SimChain)
	if !ok {
		return nil // a real chain's refunds are sent by an operator from the addresses listed
	}
	transfers, err := sim.Transfers(ctx, p.DogeAddress)
	if err != nil || len(transfers) == 0 {
		return err
	}
	share := p.DogeAmount * o.Total / max(p.Amount, 1)
	h := sha256.Sum256([]byte("refund|" + o.Number))
	if err := sim.Record(ctx, hex.EncodeToString(h[:]), p.DogeAddress, transfers[0].From, share); err != nil && !ent.IsConstraintError(err) {
		return err
	}
	return s.refunded(ctx, o.Number, noteOf("NoteRefundSentTo", "address", transfers[0].From))
}
