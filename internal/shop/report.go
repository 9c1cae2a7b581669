package shop

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// Report windows an admin may ask the dashboard for, in days.
const (
	MinReportDays = 1
	MaxReportDays = 366
	// LowStock is the stock at or below which a size needs restocking.
	LowStock = 3
	// TopCount is how many products and sizes a report ranks.
	TopCount = 10
)

// ErrReportDays refuses a report window outside MinReportDays..MaxReportDays.
var ErrReportDays = &Error{Code: Invalid, Message: "days must be a whole number from 1 to 366"}

// ErrReportRange refuses an export whose dates are missing, malformed or
// reversed.
var ErrReportRange = &Error{Code: Invalid, Message: "from and to must be dates (YYYY-MM-DD), from on or before to"}

// Summary is the admin dashboard: the sales of the last Days IST days up to
// and including today. Orders counted are those not cancelled that are COD
// or paid online: an unpaid online order is not a sale yet. Revenue is
// what they came to less what has been refunded of them (a return).
type Summary struct {
	Days              int           `json:"days"`
	From              string        `json:"from"`
	To                string        `json:"to"`
	Revenue           Paise         `json:"revenue"`
	Orders            int           `json:"orders"`
	AverageOrderValue Paise         `json:"averageOrderValue"`
	ByDay             []DaySales    `json:"byDay"`
	MethodShare       []MethodShare `json:"methodShare"`
	CODCancelled      CODCancelled  `json:"codCancelled"`
	TopProducts       TopProducts   `json:"topProducts"`
	SoldOutSizes      []SoldOutSize `json:"soldOutSizes"`
	PreOrdersWaiting  int           `json:"preOrdersWaiting"`
	NeedsAction       []NeedsAction `json:"needsAction"`
}

// DaySales is one IST day's sales; days without any are listed with zeros.
type DaySales struct {
	Date    string `json:"date"`
	Revenue Paise  `json:"revenue"`
	Orders  int    `json:"orders"`
}

// MethodShare is one payment method's part of the sales.
type MethodShare struct {
	Method  PaymentMethod `json:"method"`
	Orders  int           `json:"orders"`
	Revenue Paise         `json:"revenue"`
}

// CODCancelled counts the COD orders of the window that came back: those
// cancelled (by the customer or an admin, or never confirmed and expired)
// and those returned (a return received, whole or in part), against all
// COD orders placed in it. Rate is the part that came back.
type CODCancelled struct {
	Placed    int     `json:"placed"`
	Cancelled int     `json:"cancelled"`
	Returned  int     `json:"returned"`
	Rate      float64 `json:"rate"`
}

// TopProducts ranks products by units sold and by revenue.
type TopProducts struct {
	ByUnits   []ProductSales `json:"byUnits"`
	ByRevenue []ProductSales `json:"byRevenue"`
}

// ProductSales is what one product sold in the window.
type ProductSales struct {
	ProductID string `json:"productId"`
	Name      string `json:"name"`
	Units     int    `json:"units"`
	Revenue   Paise  `json:"revenue"`
}

// SoldOutSize is a size with no stock left, ranked by the units it sold in
// the window: the sizes that sell out most.
type SoldOutSize struct {
	ProductID string `json:"productId"`
	Name      string `json:"name"`
	Colour    string `json:"colour"`
	Size      string `json:"size"`
	Units     int    `json:"units"`
}

// NeedsAction is one line of the dashboard's to-do panel. A new order state
// that wants the admin's attention is one more key.
type NeedsAction struct {
	Key   string `json:"key"`
	Count int    `json:"count"`
}

// Keys of the needs-action panel.
const (
	ActionToConfirm      = "awaitingConfirmation"
	ActionToShip         = "toShip"
	ActionReturns        = "returnRequested"
	ActionPaymentFlagged = "paymentsFlagged"
	ActionLowStock       = "lowStock"
	ActionPreOrders      = "preOrdersToMake"
	ActionRefundsFailed  = StatusRefundFailed
)

// RankProducts picks the n products that sold most units and the n that
// brought most revenue; ties go to the other measure, then the name.
func RankProducts(all []ProductSales, n int) TopProducts {
	byUnits := slices.Clone(all)
	slices.SortFunc(byUnits, func(a, b ProductSales) int {
		return cmp.Or(cmp.Compare(b.Units, a.Units), cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ProductID, b.ProductID))
	})
	byRevenue := slices.Clone(all)
	slices.SortFunc(byRevenue, func(a, b ProductSales) int {
		return cmp.Or(cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(b.Units, a.Units), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ProductID, b.ProductID))
	})
	return TopProducts{ByUnits: byUnits[:min(n, len(byUnits))], ByRevenue: byRevenue[:min(n, len(byRevenue))]}
}

// RankSoldOut picks the n sold-out sizes that sold most units.
func RankSoldOut(sizes []SoldOutSize, n int) []SoldOutSize {
	out := slices.Clone(sizes)
	slices.SortFunc(out, func(a, b SoldOutSize) int {
		return cmp.Or(cmp.Compare(b.Units, a.Units), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Colour, b.Colour), cmp.Compare(a.Size, b.Size))
	})
	if out == nil {
		out = []SoldOutSize{}
	}
	return out[:min(n, len(out))]
}

// ParseReportDays reads the days parameter of a report; empty means 30.
func ParseReportDays(s string) (int, error) {
	if s == "" {
		return 30, nil
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' || n > MaxReportDays {
			return 0, ErrReportDays
		}
		n = n*10 + int(r-'0')
	}
	if n < MinReportDays || n > MaxReportDays {
		return 0, ErrReportDays
	}
	return n, nil
}

// ISTDay is the number of whole IST days between the Unix epoch and t: what
// the database computes as (ms + ISTOffsetMillis) / DayMillis.
func ISTDay(t time.Time) int64 {
	return (t.UnixMilli() + ISTOffsetMillis) / DayMillis
}

// DayStart is the instant IST day d begins.
func DayStart(d int64) time.Time {
	return time.UnixMilli(d*DayMillis - ISTOffsetMillis).In(IST)
}

// Milliseconds in a day and of IST's offset from UTC.
const (
	DayMillis       = 24 * 60 * 60 * 1000
	ISTOffsetMillis = (5*60 + 30) * 60 * 1000
)

// ParseDateRange reads an export's from and to dates (IST, both included)
// and returns the instants that bound them: [start, end).
func ParseDateRange(from, to string) (time.Time, time.Time, error) {
	f, err1 := time.ParseInLocation(time.DateOnly, from, IST)
	t, err2 := time.ParseInLocation(time.DateOnly, to, IST)
	if err1 != nil || err2 != nil || t.Before(f) {
		return time.Time{}, time.Time{}, ErrReportRange
	}
	return f, t.AddDate(0, 0, 1), nil
}

// Rate is part/whole cut to four decimals, 0 when whole is 0.
func Rate(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*10000/whole) / 10000
}

// ExportLine is one order line of the orders export, with its order.
type ExportLine struct {
	Order Order
	Item  OrderItem
}

// SpreadsheetSafe keeps a cell from being read as a formula by a
// spreadsheet (CSV injection): one that starts with = + - @ or a control
// character gets a leading apostrophe, which SpreadsheetValue takes off.
func SpreadsheetSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// SpreadsheetValue undoes SpreadsheetSafe.
func SpreadsheetValue(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@\t\r", rune(s[1])) {
		return s[1:]
	}
	return s
}
