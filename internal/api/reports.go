package api

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

func (s *Server) reportSummary(w http.ResponseWriter, r *http.Request, _ *session) {
	days, err := shop.ParseReportDays(r.URL.Query().Get("days"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	summary, err := s.db.Summary(r.Context(), days, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, summary)
}

// orderExportHeader names the columns of GET /api/reports/orders.csv.
var orderExportHeader = []string{"orderNumber", "orderedAt", "paidAt", "deliveredAt", "customer", "email", "phone",
	"state", "pinCode", "paymentMethod", "status", "paid", "product", "colour", "size", "preOrder", "qty", "unitPrice",
	"lineTotal", "orderItems", "orderShipping", "orderSecureFee", "orderDiscount", "orderPreOrderFee", "orderTotal"}

// exportFlushRows is how many rows the export writes between flushes, so
// the browser sees the download start and the server holds little.
const exportFlushRows = 500

// ordersCSV streams one row per order line of the orders placed between
// from and to (IST dates, both included), amounts in rupees.
func (s *Server) ordersCSV(w http.ResponseWriter, r *http.Request, _ *session) {
	q := r.URL.Query()
	from, to, err := shop.ParseDateRange(q.Get("from"), q.Get("to"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="orders-`+q.Get("from")+`-to-`+q.Get("to")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	_ = out.Write(orderExportHeader)
	rows := 0
	err = s.db.EachOrderLine(r.Context(), from, to, func(l shop.ExportLine) error {
		o, it, p := l.Order, l.Item, l.Order.Prices
		row := []string{orderNumber(o), o.CreatedAt.Format(time.DateTime), csvTime(o.PaidAt), csvTime(o.DeliveredAt),
			o.Shipping.ShippingName, o.Shipping.ShippingEmail, o.Shipping.ShippingPhoneNumber, o.Shipping.State,
			o.Shipping.PinCode, string(o.PaymentMethod), o.Status, strconv.FormatBool(o.IsPaid), it.Name, it.VariantColor, it.Size,
			strconv.FormatBool(it.PreOrder), strconv.Itoa(it.Qty), it.Price.Rupees(), (it.Price * shop.Paise(it.Qty)).Rupees(),
			p.Items.Rupees(), p.Shipping.Rupees(), p.SecureFee.Rupees(), p.Discount.Rupees(), p.PreOrderFee.Rupees(), p.Total.Rupees()}
		for i := range row {
			row[i] = shop.SpreadsheetSafe(row[i])
		}
		if err := out.Write(row); err != nil {
			return err
		}
		if rows++; rows%exportFlushRows == 0 {
			out.Flush()
		}
		return out.Error()
	})
	out.Flush()
	if err != nil {
		// The header is sent: all that is left is to log and cut the file
		// short, which the browser reports as a failed download.
		s.log.ErrorContext(r.Context(), "export orders", "err", err)
		panic(http.ErrAbortHandler)
	}
}

// csvTime writes an optional time in IST, or nothing.
func csvTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(shop.IST).Format(time.DateTime)
}
