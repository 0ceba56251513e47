package payment

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"souk/ent"
	"souk/ent/dogetransfer"
)

// Koinu per DOGE.
const Koinu = 100_000_000

// DogeUSD is the dated snapshot rate the demo quotes with (USD per DOGE,
// 2026-11); a production chain adapter supplies a live one.
const DogeUSD = 0.16

// Transfer is a payment to an address, with how deep it is in the chain.
type Transfer struct {
	TxID          string
	From          string
	Amount        int64 // koinu
	Confirmations int
}

// Chain watches Dogecoin addresses.
type Chain interface {
	// Address derives the receiving address of a payment.
	Address(paymentUID string) string
	// Transfers lists what was sent to an address.
	Transfers(ctx context.Context, address string) ([]Transfer, error)
	// Required is how many confirmations make a transfer final.
	Required() int
	// Simulated chains can send (the test wallet, refunds).
	Simulated() bool
	Send(ctx context.Context, from, to string, amount int64) (string, error)
}

// SimChain is the embedded default: transfers are rows in the database, so
// they survive a restart, and a block is found every blockTime.
type SimChain struct {
	db        *ent.Client
	blockTime time.Duration
	required  int
	now       func() time.Time
}

// NewSimChain makes a simulated chain.
func NewSimChain(db *ent.Client, blockTime time.Duration, required int) *SimChain {
	return &SimChain{db: db, blockTime: blockTime, required: required, now: time.Now}
}

// Address makes a P2PKH-looking address (D…, base58) from the payment uid.
func (c *SimChain) Address(paymentUID string) string { return dogeAddress("pay|" + paymentUID) }

// WalletAddress is the test wallet's address for a payment (refunds go back to it).
func WalletAddress(paymentUID string) string { return dogeAddress("wallet|" + paymentUID) }

func (c *SimChain) Required() int   { return c.required }
func (c *SimChain) Simulated() bool { return true }

// Transfers reads the simulated transfers; confirmations grow with time.
func (c *SimChain) Transfers(ctx context.Context, address string) ([]Transfer, error) {
	rows, err := c.db.DogeTransfer.Query().Where(dogetransfer.ToAddressEQ(address)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("doge: transfers: %w", err)
	}
	out := make([]Transfer, 0, len(rows))
	for _, r := range rows {
		conf := 1 + int(c.now().Sub(r.SeenAt)/c.blockTime)
		out = append(out, Transfer{TxID: r.Txid, From: r.FromAddress, Amount: r.Amount, Confirmations: conf})
	}
	return out, nil
}

// Send records a transfer, seen in the next block.
func (c *SimChain) Send(ctx context.Context, from, to string, amount int64) (string, error) {
	if amount <= 0 {
		return "", fmt.Errorf("doge: nothing to send")
	}
	txid := randomHex(32)
	return txid, c.Record(ctx, txid, from, to, amount)
}

// Record puts a transfer with a chosen id on the chain; the same id twice
// is a constraint error (the transfer exists).
func (c *SimChain) Record(ctx context.Context, txid, from, to string, amount int64) error {
	err := c.db.DogeTransfer.Create().SetTxid(txid).SetFromAddress(from).SetToAddress(to).
		SetAmount(amount).SetSeenAt(c.now()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("doge: send: %w", err)
	}
	return nil
}

// DogeAmount converts a fiat amount (already in USD cents) to koinu at
// DogeUSD, rounding up so the buyer never underpays.
func DogeAmount(usdCents int64) int64 {
	return int64(math.Ceil(float64(usdCents) / 100 / DogeUSD * Koinu))
}

// FormatDoge shows koinu as DOGE with 8 decimals.
func FormatDoge(koinu int64) string {
	return fmt.Sprintf("%d.%08d", koinu/Koinu, koinu%Koinu)
}

const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// dogeAddress encodes version byte 0x1e (addresses start with D), a
// 20-byte hash of seed and a 4-byte checksum in base58.
func dogeAddress(seed string) string {
	h := sha256.Sum256([]byte(seed))
	payload := append([]byte{0x1e}, h[:20]...)
	c1 := sha256.Sum256(payload)
	c2 := sha256.Sum256(c1[:])
	full := append(payload, c2[:4]...)
	n := new(big.Int).SetBytes(full)
	var b strings.Builder
	mod, zero, radix := new(big.Int), big.NewInt(0), big.NewInt(58)
	for n.Cmp(zero) > 0 {
		n.DivMod(n, radix, mod)
		b.WriteByte(base58[mod.Int64()])
	}
	r := []byte(b.String())
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}
