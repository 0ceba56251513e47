package order

// Order status codes (SPEC §4 lists the codes; their meanings are our
// decision, written in the API reference too).
const (
	AwaitingPayment   = 100  // placed, stock held, not paid yet
	PaymentProcessing = 500  // the payment awaits confirmation (card check, Doge confirmations)
	Paid              = 200  // paid, awaiting shipment
	InProduction      = 1000 // made to order (dresses): being tailored
	Shipped           = 1001 // handed to the carrier
	Received          = 1    // the buyer confirmed receipt (final)
	Cancelled         = 2    // cancelled before payment, by the buyer or for not paying in time (final)
	RefundPending     = 50   // cancelled after payment, money on its way back
	Refunded          = 51   // money returned (final)
)

// StatusNames name the codes for clients and logs.
var StatusNames = map[int]string{
	AwaitingPayment: "AwaitingPayment", PaymentProcessing: "PaymentProcessing", Paid: "Paid",
	InProduction: "InProduction", Shipped: "Shipped", Received: "Received", Cancelled: "Cancelled",
	RefundPending: "RefundPending", Refunded: "Refunded",
}

// moves is the state machine: the statuses each status may move to.
// Cancelled → RefundPending is a payment that arrived after the order was
// cancelled for not being paid in time: the money goes back.
var moves = map[int][]int{
	AwaitingPayment:   {PaymentProcessing, Paid, Cancelled},
	PaymentProcessing: {Paid, AwaitingPayment},
	Paid:              {InProduction, Shipped, RefundPending},
	InProduction:      {Shipped},
	Shipped:           {Received},
	Cancelled:         {RefundPending},
	RefundPending:     {Refunded},
}

// CanMove tells whether the state machine allows from → to.
func CanMove(from, to int) bool {
	for _, s := range moves[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Actions are what the buyer may do with an order now.
type Actions struct {
	Pay          bool `json:"pay"`
	Cancel       bool `json:"cancel"`
	SureReceived bool `json:"sureReceived"`
	Delete       bool `json:"delete"`
}

func actionsFor(status int) Actions {
	return Actions{
		Pay:          status == AwaitingPayment,
		Cancel:       status == AwaitingPayment || status == Paid,
		SureReceived: status == Shipped,
		Delete:       isFinal(status),
	}
}

// isFinal: nothing more happens to the order; the buyer may hide it.
func isFinal(status int) bool { return status == Received || status == Cancelled || status == Refunded }

// filterGroups are the myorders tabs: a tab shows the statuses a shopper
// thinks of together.
var filterGroups = map[int][]int{
	AwaitingPayment: {AwaitingPayment},
	Paid:            {Paid, PaymentProcessing, InProduction},
	Shipped:         {Shipped},
	Received:        {Received},
	Cancelled:       {Cancelled, RefundPending, Refunded},
}
