package api_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// karnatakaSeller is a seller registered in the customer's state, so its
// invoices split the tax into CGST and SGST.
var karnatakaSeller = map[string]any{"legalName": "Haat Apparel Private Limited", "tradeName": "Haat",
	"gstin": "29ABCDE1234F1ZW", "address": "5 Church Street, Bengaluru 560001", "state": "Karnataka", "invoicePrefix": "HT"}

type orderRefs struct {
	Invoice *struct {
		Number string `json:"number"`
		Date   string `json:"date"`
	} `json:"invoice"`
	CreditNotes []struct {
		Number string `json:"number"`
	} `json:"creditNotes"`
}

// pdfText extracts the text of a PDF with poppler's pdftotext (make
// pdftotext installs it).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext is missing: run make pdftotext (Debian's poppler-utils)")
	}
	cmd := exec.Command(tool, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// download fetches a PDF as c, wanting status.
func download(t *testing.T, c *client, path string, status int) []byte {
	t.Helper()
	resp, err := c.http.Do(c.request(t, "GET", path, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != status {
		t.Fatalf("GET %s: status %d, want %d: %s", path, resp.StatusCode, status, b)
	}
	if ct := resp.Header.Get("Content-Type"); status == http.StatusOK && ct != "application/pdf" {
		t.Errorf("Content-Type = %q", ct)
	}
	return b
}

func TestInvoices(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "asha@example.in", "9000000001")
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		tee := stockedProduct(t, db, "Invoice Tee", 79900, map[string]int{"M": 10})
		fy := gst.FinancialYear(h.clock.now())
		s := newStory(t)

		s.step("without a GSTIN a paid order gets no invoice", func(t *testing.T) {
			o := h.placeOnline(t, c, tee, "M", 1)
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, "pay_NOGSTIN0000000", sign(o.RazorpayOrderID, "pay_NOGSTIN0000000")), 200, nil)
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &refs)
			if refs.Invoice != nil {
				t.Errorf("invoice %+v from a shop without a GSTIN", refs.Invoice)
			}
			download(t, c, "/api/orders/"+o.Data.ID+"/invoice", 404)
		})
		admin.do(t, "PUT", "/api/settings", map[string]any{"seller": karnatakaSeller}, 200, nil)
		o := h.placeOnline(t, c, tee, "M", 2)
		invoicePath := "/api/orders/" + o.Data.ID + "/invoice"
		number := fmt.Sprintf("HT/%s/000001", fy)

		s.step("no invoice before the payment", func(t *testing.T) {
			download(t, c, invoicePath, 404)
		})
		s.step("the payment issues invoice number 1 of the year", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, "pay_INVOICE0000001", sign(o.RazorpayOrderID, "pay_INVOICE0000001")), 200, nil)
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &refs)
			if refs.Invoice == nil || refs.Invoice.Number != number || refs.Invoice.Date == "" {
				t.Fatalf("invoice = %+v, want %s", refs.Invoice, number)
			}
			if refs.CreditNotes == nil || len(refs.CreditNotes) != 0 {
				t.Errorf("creditNotes = %v, want []", refs.CreditNotes)
			}
		})
		s.step("only the customer and admins download it", func(t *testing.T) {
			h.client(t).do(t, "GET", invoicePath, nil, 401, nil)
			download(t, other, invoicePath, 404)
			download(t, admin, invoicePath, 200)
		})
		s.step("the PDF holds the GSTIN, the number, the tax lines and the total", func(t *testing.T) {
			text := pdfText(t, download(t, c, invoicePath, 200))
			// 2 × ₹799 online: 10% off, 3% fee: ₹1,486.14, all at 5% within Karnataka.
			for _, want := range []string{"Tax Invoice", "29ABCDE1234F1ZW", number, "Place of supply: Karnataka (code 29)",
				"6109", "5%", "CGST", "SGST", "Shipping and fees", "Total: ₹1,486.14",
				"Rupees One Thousand Four Hundred Eighty Six and Paise Fourteen Only", "Chitra Customer"} {
				if !strings.Contains(text, want) {
					t.Errorf("the invoice's text lacks %q:\n%s", want, text)
				}
			}
			want, err := gst.Compute(gst.Sale{SellerState: "Karnataka", ShipTo: "Karnataka",
				Lines: []gst.Line{{HSN: "6109", Qty: 2, UnitPrice: 79900}}, Prices: shop.PriceItems(2*79900, shop.Razorpay)})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range append(want.Lines, want.Totals) {
				if !taxRow(l).MatchString(text) {
					t.Errorf("the invoice's text lacks the row %s:\n%s", taxRow(l), text)
				}
			}
		})
		s.step("it is mailed to the customer with the PDF attached", func(t *testing.T) {
			var found bool
			for _, m := range h.sent(t) {
				if m.To == "customer@example.com" && strings.Contains(m.Subject, "tax invoice "+number) {
					found = len(m.Attachments) == 1 && m.Attachments[0].ContentType == "application/pdf" &&
						strings.Contains(pdfText(t, m.Attachments[0].Data), number)
				}
			}
			if !found {
				t.Error("no mail of the invoice with its PDF")
			}
		})
		s.step("a cash-on-delivery order is invoiced when delivered", func(t *testing.T) {
			var res onlinePlaced
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &res)
			placed := res.Data
			admin.do(t, "PUT", "/api/orders/"+placed.ID+"/pay", nil, 200, nil)
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+placed.ID, nil, 200, &refs)
			if refs.Invoice != nil {
				t.Fatalf("invoiced before delivery: %+v", refs.Invoice)
			}
			admin.do(t, "PUT", "/api/orders/"+placed.ID+"/deliver", nil, 200, &refs)
			if refs.Invoice == nil || refs.Invoice.Number != fmt.Sprintf("HT/%s/000002", fy) {
				t.Fatalf("invoice on delivery = %+v", refs.Invoice)
			}
		})
		s.step("a credit note has its own series, access rules and PDF", func(t *testing.T) {
			creditPath := "/api/orders/" + o.Data.ID + "/credit-note"
			download(t, c, creditPath, 404)
			d, err := db.IssueCreditNote(t.Context(), o.Data.ID, "cancelled", h.clock.now())
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("HT/C%s/00001", fy); d.Number != want || d.Invoice != number {
				t.Errorf("credit note %s against %s, want %s against %s", d.Number, d.Invoice, want, number)
			}
			h.client(t).do(t, "GET", creditPath, nil, 401, nil)
			download(t, other, creditPath, 404)
			download(t, admin, creditPath, 200)
			text := pdfText(t, download(t, c, creditPath, 200))
			for _, want := range []string{"Credit Note", d.Number, number, "cancelled", "29ABCDE1234F1ZW", "Total: ₹1,486.14"} {
				if !strings.Contains(text, want) {
					t.Errorf("the credit note's text lacks %q:\n%s", want, text)
				}
			}
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &refs)
			if len(refs.CreditNotes) != 1 || refs.CreditNotes[0].Number != d.Number {
				t.Errorf("creditNotes = %+v", refs.CreditNotes)
			}
			if mailsTo(h.sent(t), "customer@example.com", "credit note "+d.Number) != 1 {
				t.Error("the credit note was not mailed")
			}
		})
		s.step("cancelling a paid, invoiced order issues its credit note once", func(t *testing.T) {
			paid := h.placeOnline(t, c, tee, "M", 1)
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(paid, "pay_CANCELLED00001", sign(paid.RazorpayOrderID, "pay_CANCELLED00001")), 200, nil)
			c.do(t, "PUT", "/api/orders/"+paid.Data.ID+"/cancel", map[string]any{"reason": "Ordered the wrong colour"}, 200, nil)
			c.do(t, "PUT", "/api/orders/"+paid.Data.ID+"/cancel", map[string]any{"reason": "again"}, 409, nil)
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+paid.Data.ID, nil, 200, &refs)
			if refs.Invoice == nil || len(refs.CreditNotes) != 1 || refs.CreditNotes[0].Number != fmt.Sprintf("HT/C%s/00002", fy) {
				t.Errorf("after the cancellation: invoice %+v, credit notes %+v", refs.Invoice, refs.CreditNotes)
			}
			text := pdfText(t, download(t, c, "/api/orders/"+paid.Data.ID+"/credit-note", 200))
			if !strings.Contains(text, refs.Invoice.Number) || !strings.Contains(text, "cancelled") {
				t.Errorf("the credit note does not name the invoice and why:\n%s", text)
			}
		})
		s.step("an order without an invoice gets no credit note", func(t *testing.T) {
			fresh := h.placeOnline(t, c, tee, "M", 1)
			if _, err := db.IssueCreditNote(t.Context(), fresh.Data.ID, "cancelled", h.clock.now()); err != store.ErrNoInvoice {
				t.Errorf("credit note without an invoice: %v", err)
			}
		})
		s.step("an order shipped to another state is invoiced with IGST", func(t *testing.T) {
			body := orderBody(shop.Razorpay, 3*tee.price, tee.line("M", 3))
			body["shippingAddress"] = withField(withField(withField(withField(address, "state", "Maharashtra"),
				"district", "Mumbai City"), "city", "Mumbai"), "pinCode", "400001")
			var o onlinePlaced
			c.do(t, "POST", "/api/orders", body, 201, &o)
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, "pay_INTERSTATE0001", sign(o.RazorpayOrderID, "pay_INTERSTATE0001")), 200, nil)
			text := pdfText(t, download(t, c, "/api/orders/"+o.Data.ID+"/invoice", 200))
			want, err := gst.Compute(gst.Sale{SellerState: "Karnataka", ShipTo: "Maharashtra",
				Lines: []gst.Line{{HSN: "6109", Qty: 3, UnitPrice: tee.price}}, Prices: shop.PriceItems(3*tee.price, shop.Razorpay)})
			if err != nil {
				t.Fatal(err)
			}
			if want.Totals.IGST == 0 || want.Totals.CGST != 0 {
				t.Fatalf("an interstate sale taxed %+v", want.Totals)
			}
			if !strings.Contains(text, "Place of supply: Maharashtra (code 27)") || !strings.Contains(text, "Total: "+want.Total().Indian()) {
				t.Errorf("the invoice's text lacks its place of supply or total %s:\n%s", want.Total().Indian(), text)
			}
			for _, l := range append(want.Lines, want.Totals) {
				if !taxRow(l).MatchString(text) {
					t.Errorf("the invoice's text lacks the row %s:\n%s", taxRow(l), text)
				}
			}
		})
	})
}

// registeredShop serves a shop whose admin has registered it for GST in
// Karnataka, and signs the admin in.
func registeredShop(t *testing.T, db *store.DB) (*harness, *client) {
	h := newHarness(t, db)
	admin := h.signIn(t, shop.RoleAdmin, "asha@example.in", "9000000001")
	admin.do(t, "PUT", "/api/settings", map[string]any{"seller": karnatakaSeller}, 200, nil)
	return h, admin
}

// Fifty payments at once get fifty consecutive invoice numbers: no gaps,
// no repeats.
func TestInvoiceNumbersUnderConcurrentPayments(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h, _ := registeredShop(t, db)
		tee := stockedProduct(t, db, "Busy Tee", 49900, map[string]int{"M": 100})
		const n = 50
		type paid struct {
			c *client
			o onlinePlaced
		}
		orders := make([]paid, n)
		for i := range orders {
			c := h.signIn(t, shop.RoleCustomer, fmt.Sprintf("buyer%d@example.com", i), fmt.Sprintf("90000%05d", i+100))
			orders[i] = paid{c: c, o: h.placeOnline(t, c, tee, "M", 1)}
		}
		var wg sync.WaitGroup
		for i, p := range orders {
			wg.Go(func() {
				id := fmt.Sprintf("pay_CONCURRENT%04d", i)
				req := p.c.request(t, "POST", "/api/orders/verifyPayment", verifyBody(p.o, id, sign(p.o.RazorpayOrderID, id)))
				if status := p.c.send(t, req, nil); status != http.StatusOK {
					t.Errorf("payment %d: status %d", i, status)
				}
			})
		}
		wg.Wait()
		fy := gst.FinancialYear(h.clock.now())
		seen := map[string]bool{}
		for _, p := range orders {
			var refs orderRefs
			p.c.do(t, "GET", "/api/orders/"+p.o.Data.ID, nil, 200, &refs)
			if refs.Invoice == nil {
				t.Fatalf("order %s has no invoice", p.o.Data.ID)
			}
			if seen[refs.Invoice.Number] {
				t.Errorf("invoice number %s given twice", refs.Invoice.Number)
			}
			seen[refs.Invoice.Number] = true
		}
		for i := 1; i <= n; i++ {
			if want := fmt.Sprintf("HT/%s/%06d", fy, i); !seen[want] {
				t.Errorf("no invoice %s: the numbers have a gap", want)
			}
		}
	})
}

// The month's CSV adds up to that month's invoices minus its credit notes.
func TestGSTReportTotals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h, admin := registeredShop(t, db)
		cheap := stockedProduct(t, db, "Cheap Tee", 79900, map[string]int{"M": 50})
		dear := stockedProduct(t, db, "Dear Jacket", 299900, map[string]int{"M": 50})
		month := h.clock.now().In(shop.IST).Format("2006-01")
		var want gst.Amounts
		for i := range 12 {
			c := h.signIn(t, shop.RoleCustomer, fmt.Sprintf("gst%d@example.com", i), fmt.Sprintf("91000%05d", i))
			f := []shopFixture{cheap, dear}[i%2]
			method := []shop.PaymentMethod{shop.COD, shop.Razorpay, shop.Razorpay}[i%3]
			body := orderBody(method, f.price*shop.Paise(1+i%2), f.line("M", 1+i%2))
			if i%4 < 2 {
				to := withField(address, "state", "Maharashtra")
				to["district"], to["city"], to["pinCode"] = "Mumbai City", "Mumbai", "400001"
				body["shippingAddress"] = to
			}
			var res onlinePlaced
			c.do(t, "POST", "/api/orders", body, 201, &res)
			id := res.Data.ID
			if method == shop.COD {
				admin.do(t, "PUT", "/api/orders/"+id+"/pay", nil, 200, nil)
				admin.do(t, "PUT", "/api/orders/"+id+"/deliver", nil, 200, nil)
			} else {
				pay := fmt.Sprintf("pay_REPORT%08d", i)
				c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(res, pay, sign(res.RazorpayOrderID, pay)), 200, nil)
			}
			inv, err := db.Invoice(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			plus(&want, inv)
			if i%5 == 4 {
				// Returned: order 4 whole, order 9 one unit of two.
				if method == shop.Razorpay {
					admin.do(t, "PUT", "/api/orders/"+id+"/deliver", nil, 200, nil)
				}
				refs := returned(t, c, admin, id, f.back("M", 1))
				cn, err := db.CreditNote(t.Context(), id, "")
				if err != nil {
					t.Fatal(err)
				}
				if len(refs.Refunds) != 1 || cn.Breakup.Total() != refs.Refunds[0].Amount {
					t.Errorf("order %d: credit note of %s, refunds %+v", i, cn.Breakup.Total().Rupees(), refs.Refunds)
				}
				if (i == 9) != (cn.Reason == "returned in part") {
					t.Errorf("order %d: credit note for %q", i, cn.Reason)
				}
				plus(&want, cn)
			}
		}
		if want.IGST == 0 || want.CGST == 0 {
			t.Fatalf("the orders should be both intra- and inter-state: %+v", want)
		}
		csv := reportCSV(t, admin, month)
		total := fmt.Sprintf("Total,,,%s,%s,%s,%s,12,2", want.Taxable.Rupees(), want.IGST.Rupees(), want.CGST.Rupees(), want.SGST.Rupees())
		if !strings.Contains(csv, total+"\n") {
			t.Errorf("the CSV's total is not %s:\n%s", total, csv)
		}
		for _, line := range []string{"5,Karnataka,29,", "18,Maharashtra,27,", "HSN summary " + month, "6109,18,"} {
			if !strings.Contains(csv, line) {
				t.Errorf("the CSV lacks %q:\n%s", line, csv)
			}
		}
		next := h.clock.now().In(shop.IST).AddDate(0, 1, 0).Format("2006-01")
		if got := reportCSV(t, admin, next); !strings.Contains(got, "Total,,,0.00,0.00,0.00,0.00,0,0") {
			t.Errorf("next month's CSV counts this month's invoices:\n%s", got)
		}
		var m message
		admin.do(t, "GET", "/api/reports/gst?month=2026-13", nil, 400, &m)
		if m.Message != "Choose a month as YYYY-MM, e.g. 2026-04" {
			t.Errorf("message = %q", m.Message)
		}
		h.signIn(t, shop.RoleCustomer, "nosy@example.com", "9100099999").do(t, "GET", "/api/reports/gst?month="+month, nil, 403, nil)
	})
}

func reportCSV(t *testing.T, admin *client, month string) string {
	t.Helper()
	resp, err := admin.http.Do(admin.request(t, "GET", "/api/reports/gst?month="+month, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("GST report: %d %s", resp.StatusCode, b)
	}
	return string(b)
}

// taxRefs is what these tests read of an order: its tax documents and
// refunds.
type taxRefs struct {
	orderRefs
	Refunds []struct {
		Amount shop.Paise `json:"amount"`
	} `json:"refunds"`
}

// returned has c send back items of the delivered order id, and the admin
// approve the return and receive its parcel.
func returned(t *testing.T, c, admin *client, id string, items ...map[string]any) taxRefs {
	t.Helper()
	c.do(t, "POST", "/api/orders/"+id+"/return", map[string]any{"items": items, "reason": "size"}, 200, nil)
	admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "approve"}, 200, nil)
	var refs taxRefs
	admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "received"}, 200, &refs)
	return refs
}

func (f shopFixture) back(size string, qty int) map[string]any {
	return map[string]any{"product": f.productID, "size": size, "qty": qty}
}

// paidOnline places an online order of lines worth items as c, pays it and
// has the admin deliver it.
func (h *harness) paidOnline(t *testing.T, c, admin *client, items shop.Paise, lines ...map[string]any) string {
	t.Helper()
	var o onlinePlaced
	c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, items, lines...), 201, &o)
	pay := "pay_" + strings.ToUpper(o.Data.ID[len(o.Data.ID)-10:])
	c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, pay, sign(o.RazorpayOrderID, pay)), 200, nil)
	admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/deliver", nil, 200, nil)
	return o.Data.ID
}

// plus adds up the tax of documents, a credit note's taken away.
func plus(sum *gst.Amounts, d gst.Document) {
	sign := shop.Paise(1)
	if d.Kind == gst.CreditNote {
		sign = -1
	}
	t := d.Breakup.Totals
	sum.Taxable += sign * t.Taxable
	sum.IGST += sign * t.IGST
	sum.CGST += sign * t.CGST
	sum.SGST += sign * t.SGST
}

// A return of part of an order gets a credit note for its units, for what
// the customer gets back; a later credit note takes what is left, and the
// two add up to the invoice.
func TestPartialReturnCreditNote(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h, admin := registeredShop(t, db)
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		tee := stockedProduct(t, db, "Return Tee", 79900, map[string]int{"M": 10})
		jacket := stockedProduct(t, db, "Return Jacket", 299900, map[string]int{"L": 10})
		// 2 tees at 5% and a jacket at 18%, paid online: 10% off, 3% fee.
		id := h.paidOnline(t, c, admin, 2*79900+299900, tee.line("M", 2), jacket.line("L", 1))
		fy := gst.FinancialYear(h.clock.now())
		month := h.clock.now().In(shop.IST).Format("2006-01")
		inv, err := db.Invoice(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		creditPath := "/api/orders/" + id + "/credit-note"
		first := fmt.Sprintf("HT/C%s/00001", fy)
		var part gst.Document
		s := newStory(t)

		s.step("receiving one tee of two issues a credit note for the refund", func(t *testing.T) {
			refs := returned(t, c, admin, id, tee.back("M", 1))
			if len(refs.CreditNotes) != 1 || refs.CreditNotes[0].Number != first || len(refs.Refunds) != 1 {
				t.Fatalf("after the return: credit notes %+v, refunds %+v", refs.CreditNotes, refs.Refunds)
			}
			part, err = db.CreditNote(t.Context(), id, "")
			if err != nil {
				t.Fatal(err)
			}
			if part.Breakup.Total() != refs.Refunds[0].Amount {
				t.Errorf("credit note of %s, refund of %s", part.Breakup.Total().Rupees(), refs.Refunds[0].Amount.Rupees())
			}
			// The tee's line, its fee share on the line of shipping and fees,
			// each under the invoice's rate, place of supply and tax split.
			b := part.Breakup
			if len(b.Lines) != 2 || b.Lines[0].Line != 1 || b.Lines[0].Qty != 1 || b.Lines[1].Description != gst.ChargesDescription ||
				b.PlaceOfSupply != "Karnataka" || b.Interstate || b.Totals.IGST != 0 {
				t.Fatalf("credit note %+v", b)
			}
			for _, l := range b.Lines {
				of := inv.Breakup.Lines[l.Line-1]
				if l.Rate != of.Rate || l.HSN != of.HSN || l.Taxable <= 0 || 2*l.Taxable > of.Taxable+1 || l.CGST-l.SGST > 1 || l.SGST-l.CGST > 1 {
					t.Errorf("credit line %+v of invoice line %+v", l, of)
				}
			}
			if part.Reason != "returned in part" || part.Invoice != inv.Number {
				t.Errorf("credit note for %q against %s", part.Reason, part.Invoice)
			}
		})
		s.step("its PDF shows the returned unit's figures and the refund", func(t *testing.T) {
			text := pdfText(t, download(t, c, creditPath, 200))
			for _, want := range []string{"Credit Note", first, inv.Number, "returned in part", "Total: " + part.Breakup.Total().Indian(),
				"Invoice date"} {
				if !strings.Contains(text, want) {
					t.Errorf("the credit note's text lacks %q:\n%s", want, text)
				}
			}
			if date := regexp.MustCompile(`Invoice date\s+` + inv.IssuedAt.In(shop.IST).Format("02 Jan 2006")); !date.MatchString(text) {
				t.Errorf("the credit note's text lacks the invoice's date:\n%s", text)
			}
			for _, l := range part.Breakup.Lines {
				if !taxRow(l).MatchString(text) {
					t.Errorf("the credit note's text lacks the line %+v:\n%s", l, text)
				}
			}
			if mailsTo(h.sent(t), "customer@example.com", "credit note "+first) != 1 {
				t.Error("the credit note was not mailed")
			}
		})
		s.step("the month's CSV nets it off the invoice", func(t *testing.T) {
			var want gst.Amounts
			plus(&want, inv)
			plus(&want, part)
			total := fmt.Sprintf("Total,,,%s,%s,%s,%s,1,1", want.Taxable.Rupees(), want.IGST.Rupees(), want.CGST.Rupees(), want.SGST.Rupees())
			if csv := reportCSV(t, admin, month); !strings.Contains(csv, total+"\n") || !strings.Contains(csv, "\n6109,5,1,") {
				t.Errorf("the CSV's total is not %s, or 6109 at 5%% not 1 tee:\n%s", total, csv)
			}
		})
		s.step("a credit note for the rest adds up with the first to the invoice", func(t *testing.T) {
			h.clock.advance(time.Minute)
			rest, err := db.IssueCreditNote(t.Context(), id, "refunded", h.clock.now())
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("HT/C%s/00002", fy); rest.Number != want {
				t.Errorf("second credit note %s, want %s", rest.Number, want)
			}
			if rest.Breakup.Total()+part.Breakup.Total() != inv.Breakup.Total() {
				t.Errorf("credit notes of %s and %s, invoice of %s", part.Breakup.Total().Rupees(), rest.Breakup.Total().Rupees(), inv.Breakup.Total().Rupees())
			}
			sums := make([]gst.TaxLine, len(inv.Breakup.Lines))
			for _, d := range []gst.Document{part, rest} {
				for _, l := range d.Breakup.Lines {
					s := &sums[l.Line-1]
					s.Qty, s.Taxable, s.CGST, s.SGST, s.IGST = s.Qty+l.Qty, s.Taxable+l.Taxable, s.CGST+l.CGST, s.SGST+l.SGST, s.IGST+l.IGST
				}
			}
			for i, l := range inv.Breakup.Lines {
				s := sums[i]
				if s.Taxable != l.Taxable || s.CGST != l.CGST || s.SGST != l.SGST || s.IGST != l.IGST ||
					(l.Description != gst.ChargesDescription && s.Qty != l.Qty) {
					t.Errorf("line %d credited %+v, invoiced %+v", i+1, s, l)
				}
			}
			if _, err := db.IssueCreditNote(t.Context(), id, "refunded", h.clock.now()); !errors.Is(err, gst.ErrCreditedInFull) {
				t.Errorf("a third credit note: %v", err)
			}
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+id, nil, 200, &refs)
			if len(refs.CreditNotes) != 2 || refs.CreditNotes[0].Number != first || refs.CreditNotes[1].Number != rest.Number {
				t.Errorf("creditNotes = %+v", refs.CreditNotes)
			}
			if text := pdfText(t, download(t, c, creditPath, 200)); !strings.Contains(text, rest.Number) {
				t.Errorf("the credit note route does not answer the latest:\n%s", text)
			}
			if text := pdfText(t, download(t, c, creditPath+"?number="+url.QueryEscape(first), 200)); !strings.Contains(text, first) {
				t.Errorf("?number= does not answer that credit note:\n%s", text)
			}
			download(t, c, creditPath+"?number="+url.QueryEscape(inv.Number), 404)
			download(t, h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004"), creditPath+"?number="+url.QueryEscape(first), 404)
		})
	})
}

// Returning everything, through the API, credits the whole invoice.
func TestFullReturnCreditNote(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h, admin := registeredShop(t, db)
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		tee := stockedProduct(t, db, "Whole Tee", 19900, map[string]int{"M": 10})
		// Cash on delivery under ₹400: shipping, which a return of
		// everything refunds too.
		var o onlinePlaced
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 2*19900, tee.line("M", 2)), 201, &o)
		id := o.Data.ID
		admin.do(t, "PUT", "/api/orders/"+id+"/pay", nil, 200, nil)
		admin.do(t, "PUT", "/api/orders/"+id+"/deliver", nil, 200, nil)
		inv, err := db.Invoice(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		refs := returned(t, c, admin, id, tee.back("M", 2))
		if len(refs.CreditNotes) != 1 || len(refs.Refunds) != 1 || refs.Refunds[0].Amount != inv.Breakup.Total() {
			t.Fatalf("after the return: credit notes %+v, refunds %+v, invoice of %s", refs.CreditNotes, refs.Refunds, inv.Breakup.Total().Rupees())
		}
		cn, err := db.CreditNote(t.Context(), id, "")
		if err != nil {
			t.Fatal(err)
		}
		if cn.Reason != "returned" || len(cn.Breakup.Lines) != len(inv.Breakup.Lines) || cn.Breakup.Totals != inv.Breakup.Totals {
			t.Errorf("credit note %+v for invoice %+v", cn.Breakup, inv.Breakup)
		}
		text := pdfText(t, download(t, c, "/api/orders/"+id+"/credit-note", 200))
		for _, want := range []string{cn.Number, "returned", "Shipping and fees", "Total: " + inv.Breakup.Total().Indian()} {
			if !strings.Contains(text, want) {
				t.Errorf("the credit note's text lacks %q:\n%s", want, text)
			}
		}
	})
}

// Invoice numbers start again at 1 when the financial year does, at
// midnight in India between 31 March and 1 April; a credit note is
// numbered in the year it is issued.
func TestInvoiceNumbersAcrossFinancialYears(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		lastSecond := time.Date(2026, time.March, 31, 23, 59, 59, 0, shop.IST)
		h.clock.set(lastSecond)
		admin := h.signIn(t, shop.RoleAdmin, "asha@example.in", "9000000001")
		admin.do(t, "PUT", "/api/settings", map[string]any{"seller": karnatakaSeller}, 200, nil)
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		tee := stockedProduct(t, db, "Year Tee", 79900, map[string]int{"M": 10})
		pay := func(n int) (string, string) {
			o := h.placeOnline(t, c, tee, "M", 1)
			id := fmt.Sprintf("pay_YEAREND%07d", n)
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, id, sign(o.RazorpayOrderID, id)), 200, nil)
			var refs orderRefs
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &refs)
			if refs.Invoice == nil {
				t.Fatalf("order %d has no invoice", n)
			}
			return o.Data.ID, refs.Invoice.Number
		}
		march, n := pay(1)
		if n != "HT/2526/000001" {
			t.Errorf("invoice at 23:59:59 on 31 March: %s", n)
		}
		if _, n = pay(2); n != "HT/2526/000002" {
			t.Errorf("second invoice of 2025-26: %s", n)
		}
		h.clock.set(lastSecond.Add(time.Second))
		if _, n = pay(3); n != "HT/2627/000001" {
			t.Errorf("invoice at midnight on 1 April: %s", n)
		}
		if _, n = pay(4); n != "HT/2627/000002" {
			t.Errorf("second invoice of 2026-27: %s", n)
		}
		c.do(t, "PUT", "/api/orders/"+march+"/cancel", map[string]any{"reason": "Too late"}, 200, nil)
		var refs orderRefs
		c.do(t, "GET", "/api/orders/"+march, nil, 200, &refs)
		if len(refs.CreditNotes) != 1 || refs.CreditNotes[0].Number != "HT/C2627/00001" {
			t.Errorf("credit note in April of a March invoice: %+v", refs.CreditNotes)
		}
	})
}

// taxRow matches line l of an invoice or credit note in pdftotext's
// layout: HSN, quantity, taxable value, rate, IGST, CGST, SGST and total;
// for the totals (no HSN), "Total" and the amounts.
func taxRow(l gst.TaxLine) *regexp.Regexp {
	cells := []string{l.HSN, strconv.Itoa(l.Qty), l.Taxable.Grouped(), strconv.Itoa(l.Rate) + "%", l.IGST.Grouped(),
		l.CGST.Grouped(), l.SGST.Grouped(), l.Net().Grouped()}
	if l.HSN == "" {
		cells = []string{"Total", l.Taxable.Grouped(), l.IGST.Grouped(), l.CGST.Grouped(), l.SGST.Grouped(), l.Net().Grouped()}
	}
	for i, c := range cells {
		cells[i] = regexp.QuoteMeta(c)
	}
	return regexp.MustCompile(`(?m)\s` + strings.Join(cells, `\s+`) + `\s*$`)
}
