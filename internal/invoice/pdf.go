// Package invoice draws tax invoices and credit notes as A4 PDFs with what
// Rule 46 of the CGST Rules asks for: the seller and its GSTIN, the number
// and date, the customer and their address, the place of supply, per line
// the HSN code, description, quantity, taxable value, rate and tax by type,
// and the totals in figures and in words. DejaVu Sans is embedded for its
// ₹ sign (fonts/LICENSE).
package invoice

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
)

var (
	//go:embed fonts/DejaVuSans.ttf
	regular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	bold []byte
)

const font = "DejaVu"

// FileName is what a document's PDF is called when downloaded or mailed.
func FileName(d gst.Document) string {
	return fmt.Sprintf("%s-%d.pdf", d.Kind, d.Order.OrderNo)
}

// PDF draws d as an A4 page.
func PDF(d gst.Document) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(d.IssuedAt)
	pdf.SetModificationDate(d.IssuedAt)
	pdf.AddUTF8FontFromBytes(font, "", regular)
	pdf.AddUTF8FontFromBytes(font, "B", bold)
	pdf.SetMargins(12, 12, 12)
	pdf.SetAutoPageBreak(true, 14)
	title := "Tax Invoice"
	if d.Kind == gst.CreditNote {
		title = "Credit Note"
	}
	pdf.SetTitle(title+" "+d.Number, true)
	pdf.AddPage()
	w := &page{pdf: pdf}

	w.text("B", 16, 0, 8, title, "C", true)
	w.text("", 8, 0, 4, "Original for recipient · prices include GST · amounts in ₹", "C", true)
	pdf.Ln(3)

	p := d.Seller
	y := pdf.GetY()
	w.text("B", 11, 110, 5.5, p.String(), "L", true)
	w.para(110, 4.5, p.Address)
	w.text("", 9, 110, 4.5, fmt.Sprintf("State: %s (code %s)", p.State, shop.GSTStateCode(p.State)), "L", true)
	w.text("B", 9, 110, 4.5, "GSTIN: "+p.GSTIN, "L", true)
	left := pdf.GetY()
	pdf.SetXY(125, y)
	rows := [][2]string{
		{title + " no.", d.Number},
		{"Date", d.IssuedAt.In(shop.IST).Format("02 Jan 2006")},
		{"Order no.", strconv.FormatInt(d.Order.OrderNo, 10)},
	}
	if d.Kind == gst.CreditNote {
		rows = append(rows, [2]string{"Against invoice", d.Invoice},
			[2]string{"Invoice date", d.InvoiceDate.In(shop.IST).Format("02 Jan 2006")}, [2]string{"Reason", d.Reason})
	}
	rows = append(rows, [2]string{"Reverse charge", "No"})
	for _, r := range rows {
		pdf.SetX(125)
		w.text("", 9, 30, 4.5, r[0], "L", false)
		w.text("B", 9, 43, 4.5, r[1], "L", true)
	}
	pdf.SetY(max(left, pdf.GetY()) + 4)

	a := d.Order.Shipping
	w.text("B", 10, 0, 5, "Billed and shipped to", "L", true)
	w.text("", 9, 0, 4.5, a.ShippingName, "L", true)
	w.para(0, 4.5, a.Address)
	w.text("", 9, 0, 4.5, fmt.Sprintf("%s, %s, %s %s · phone %s", a.City, a.District, a.State, a.PinCode, a.ShippingPhoneNumber), "L", true)
	w.text("B", 9, 0, 4.5, fmt.Sprintf("Place of supply: %s (code %s)", d.Breakup.PlaceOfSupply, d.Breakup.StateCode), "L", true)
	pdf.Ln(4)

	w.table(d.Breakup)
	pdf.Ln(4)
	total := d.Breakup.Total()
	w.text("B", 11, 0, 6, "Total: "+total.Indian(), "R", true)
	w.text("", 9, 0, 5, InWords(total), "R", true)
	pdf.Ln(10)
	w.text("", 9, 0, 4.5, "For "+p.LegalName, "R", true)
	w.text("", 8, 0, 4.5, "Computer-generated document; no signature required.", "R", true)

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("draw %s %s: %w", d.Kind, d.Number, err)
	}
	return out.Bytes(), nil
}

// page writes on a PDF page with the embedded font.
type page struct{ pdf *fpdf.Fpdf }

// text writes one cell of width wd (0: to the margin); ln moves to the
// next line after it.
func (w *page) text(style string, size, wd, h float64, s, align string, ln bool) {
	w.pdf.SetFont(font, style, size)
	next := 0
	if ln {
		next = 1
	}
	w.pdf.CellFormat(wd, h, s, "", next, align, false, 0, "")
}

// para writes text that may run over several lines.
func (w *page) para(wd, h float64, s string) {
	w.pdf.SetFont(font, "", 9)
	w.pdf.MultiCell(wd, h, s, "", "L", false)
}

// columns of the table of lines, their widths adding up to the page's
// 186 mm; only the description runs over several lines.
var columns = []struct {
	head  string
	width float64
	align string
}{
	{"#", 7, "C"}, {"Description", 53, "L"}, {"HSN", 13, "C"}, {"Qty", 9, "R"}, {"Taxable ₹", 22, "R"},
	{"Rate", 11, "R"}, {"IGST ₹", 17, "R"}, {"CGST ₹", 17, "R"}, {"SGST ₹", 17, "R"}, {"Total ₹", 20, "R"},
}

const description = 1 // the column that wraps

func (w *page) table(b gst.Breakup) {
	w.head()
	for i, l := range b.Lines {
		w.row("", []string{strconv.Itoa(i + 1), l.Description, l.HSN, strconv.Itoa(l.Qty), l.Taxable.Grouped(),
			strconv.Itoa(l.Rate) + "%", l.IGST.Grouped(), l.CGST.Grouped(), l.SGST.Grouped(), l.Net().Grouped()})
	}
	t := b.Totals
	w.row("B", []string{"", "Total", "", "", t.Taxable.Grouped(), "", t.IGST.Grouped(), t.CGST.Grouped(), t.SGST.Grouped(),
		t.Net().Grouped()})
}

// head writes the table's heading row.
func (w *page) head() {
	pdf := w.pdf
	pdf.SetFillColor(235, 235, 235)
	pdf.SetFont(font, "B", 8)
	for _, c := range columns {
		pdf.CellFormat(c.width, 6, c.head, "1", 0, "C", true, 0, "")
	}
	pdf.Ln(-1)
}

// row writes one row of the table, as tall as its description needs (the
// whole of it: Rule 46 asks for the description, and the size is at its
// end). A row that does not fit on the page starts the next one, under
// the heading again.
func (w *page) row(style string, cells []string) {
	const lineHeight = 4.0
	pdf := w.pdf
	pdf.SetFont(font, style, 8)
	lines := wrap(pdf, cells[description], columns[description].width)
	height := max(6, float64(len(lines))*lineHeight+2)
	_, pageHeight := pdf.GetPageSize()
	left, _, _, bottom := pdf.GetMargins()
	if pdf.GetY()+height > pageHeight-bottom {
		pdf.AddPage()
		w.head()
		pdf.SetFont(font, style, 8)
	}
	x, y := left, pdf.GetY()
	for i, c := range columns {
		text := []string{cells[i]}
		if i == description {
			text = lines
		}
		pdf.Rect(x, y, c.width, height, "D")
		top := y + (height-float64(len(text))*lineHeight)/2
		for j, s := range text {
			pdf.SetXY(x, top+float64(j)*lineHeight)
			pdf.CellFormat(c.width, lineHeight, s, "", 0, c.align, false, 0, "")
		}
		x += c.width
	}
	pdf.SetXY(left, y+height)
}

// wrap breaks a line's description into lines that fit width, between its
// parts (name, colour, size) where it can, so that "size L" stays whole.
func wrap(pdf *fpdf.Fpdf, s string, width float64) []string {
	fits := func(s string) bool { return pdf.GetStringWidth(s) <= width-2 }
	var parts []string
	for _, part := range strings.SplitAfter(s, ", ") {
		last := len(parts) - 1
		if last >= 0 && fits(strings.TrimSpace(parts[last]+part)) {
			parts[last] += part
		} else {
			parts = append(parts, part)
		}
	}
	var lines []string
	for _, part := range parts {
		lines = append(lines, pdf.SplitText(strings.TrimSpace(part), width)...)
	}
	return lines
}
