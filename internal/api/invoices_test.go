package api_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"testing"

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
		add := func(d gst.Document, sign shop.Paise) {
			t := d.Breakup.Totals
			want.Taxable += sign * t.Taxable
			want.IGST += sign * t.IGST
			want.CGST += sign * t.CGST
			want.SGST += sign * t.SGST
		}
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
			add(inv, 1)
			if i%5 == 4 {
				cn, err := db.IssueCreditNote(t.Context(), id, "returned", h.clock.now())
				if err != nil {
					t.Fatal(err)
				}
				add(cn, -1)
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
