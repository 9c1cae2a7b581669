package shop

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// ProductCSVHeader is the catalogue's spreadsheet format, one row per size
// of a colour, for both the export and the import. Rows of one product
// share its name; its description, price, tags, HSN, MRP and size chart may
// be left empty after its first row, and a colour's swatch after the
// colour's first row. image holds one or more picture file names (as
// uploaded) or URLs, separated by |.
var ProductCSVHeader = []string{"name", "description", "price", "tags", "colour", "size", "stock", "image", "hsn", "mrp", "swatch", "size chart"}

// requiredColumns is how many of ProductCSVHeader's columns, from the
// first, every import must have: all an export held before the others
// were added. A file without one of the others leaves that field of the
// products it updates as it is.
const requiredColumns = 8

// MaxImportRows bounds a catalogue import.
const MaxImportRows = 10_000

// RowProblem is what is wrong with one row of an import; Row counts the
// header as row 1, as a spreadsheet does.
type RowProblem struct {
	Row     int    `json:"row"`
	Column  string `json:"column,omitempty"`
	Message string `json:"message"`
}

// ImportProduct is one product read from an import, with the rows it came
// from and what the file leaves out.
type ImportProduct struct {
	Row    int
	Change ProductChange
	Keep   ImportKeep
}

// ImportKeep is what a file does not set of a product, which an update
// keeps as the product has it (an empty HSN is kept by ProductChange
// itself): its MRP and size chart when the file has no such column, and
// the swatch of each colour (lowercased) whose swatch cells are empty or
// absent.
type ImportKeep struct {
	MRP, SizeChart bool
	Swatches       map[string]bool
}

// Onto is the change the import makes to a product that has now mrp,
// sizeChart and, by lowercased colour name, swatches: the file's fields,
// and the product's own where the file has none. A colour new to the
// product keeps the default swatch Normalize gave it.
func (ip ImportProduct) Onto(mrp *Paise, sizeChart string, swatches map[string]string) ProductChange {
	c := ip.Change
	if ip.Keep.MRP {
		c.MRP = mrp
	}
	if ip.Keep.SizeChart {
		c.SizeChart = sizeChart
	}
	c.Variants = slices.Clone(c.Variants)
	for i := range c.Variants {
		name := strings.ToLower(c.Variants[i].VariantName)
		if sw, ok := swatches[name]; ok && ip.Keep.Swatches[name] {
			c.Variants[i].Swatch = sw
		}
	}
	return c
}

// ProductCSVRow is one size of a product as the catalogue format writes it.
func ProductCSVRow(p Product, v *Variant, s *Size) []string {
	row := []string{p.Name, p.Description, p.Price.Rupees(), strings.Join(p.Tags, ", "), "", "", "", "", p.HSN, "", "", p.SizeChart}
	if p.MRP != nil {
		row[9] = p.MRP.Rupees()
	}
	if v != nil {
		row[4], row[7], row[10] = v.VariantName, strings.Join(v.Images, " | "), v.Swatch
	}
	if s != nil {
		row[5], row[6] = s.Size, strconv.Itoa(s.Stock)
	}
	for i := range row {
		row[i] = SpreadsheetSafe(row[i])
	}
	return row
}

// ParseProductCSV reads a catalogue import. It returns the products read
// and every problem found, each with its row; a product with a problem is
// left out. The rules are ProductChange's, as when an admin saves a form.
func ParseProductCSV(r io.Reader) ([]ImportProduct, []RowProblem) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, []RowProblem{{Row: 1, Message: "The file is not CSV with a header row: " + csvError(err)}}
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))] = i
	}
	var problems []RowProblem
	for _, name := range ProductCSVHeader[:requiredColumns] {
		if _, ok := col[name]; !ok {
			problems = append(problems, RowProblem{Row: 1, Column: name, Message: "The header has no " + name + " column"})
		}
	}
	if problems != nil {
		return nil, problems
	}
	has := func(name string) bool { _, ok := col[name]; return ok }
	var order []string
	byName := map[string]*importing{}
	for row := 2; ; row++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			problems = append(problems, RowProblem{Row: row, Message: "Not readable as CSV: " + csvError(err)})
			break
		}
		if row-1 > MaxImportRows {
			problems = append(problems, RowProblem{Row: row, Message: fmt.Sprintf("An import holds at most %d rows", MaxImportRows)})
			break
		}
		cell := func(name string) string {
			if i, ok := col[name]; ok && i < len(rec) {
				return strings.TrimSpace(SpreadsheetValue(rec[i]))
			}
			return ""
		}
		if strings.Join(rec, "") == "" {
			continue
		}
		name := cell("name")
		if name == "" {
			problems = append(problems, RowProblem{Row: row, Column: "name", Message: "Please enter the product name"})
			continue
		}
		key := strings.ToLower(name)
		p := byName[key]
		if p == nil {
			p = &importing{row: row, change: ProductChange{Name: name}, colours: map[string]int{}}
			byName[key] = p
			order = append(order, key)
		}
		problems = append(problems, p.add(row, cell)...)
	}
	var out []ImportProduct
	for _, key := range order {
		p := byName[key]
		if p.bad {
			continue
		}
		keep := ImportKeep{MRP: !has("mrp"), SizeChart: !has("size chart"), Swatches: map[string]bool{}}
		for _, v := range p.change.Variants {
			if v.Swatch == "" {
				keep.Swatches[strings.ToLower(v.VariantName)] = true
			}
		}
		p.change.Normalize()
		if err := p.change.Validate(); err != nil {
			problems = append(problems, RowProblem{Row: p.row, Message: p.change.Name + ": " + err.Error()})
			continue
		}
		out = append(out, ImportProduct{Row: p.row, Change: p.change, Keep: keep})
	}
	return out, problems
}

// importing is a product being read, row by row.
type importing struct {
	row     int
	change  ProductChange
	colours map[string]int // lowercased colour → index in change.Variants
	seen    bool           // its description, price and tags are read
	bad     bool
}

// add reads one row of the product: its shared fields once, then a size.
func (p *importing) add(row int, cell func(string) string) []RowProblem {
	var problems []RowProblem
	fail := func(column, message string) {
		problems = append(problems, RowProblem{Row: row, Column: column, Message: message})
		p.bad = true
	}
	if price := cell("price"); price != "" || !p.seen {
		v, err := ParseRupees(price)
		switch {
		case err != nil || v <= 0:
			fail("price", "The price must be rupees more than zero, such as 499 or 499.50")
		case p.seen && v != p.change.Price:
			fail("price", fmt.Sprintf("The price differs from row %d's", p.row))
		default:
			p.change.Price = v
		}
	}
	for _, t := range []struct {
		column, name string
		field        *string
	}{{"description", "description", &p.change.Description}, {"size chart", "size chart", &p.change.SizeChart}, {"hsn", "HSN code", &p.change.HSN}} {
		v := cell(t.column)
		switch {
		case v == "":
		case t.column == "hsn" && !ValidHSN(v):
			fail(t.column, hsnShape)
		case p.seen && v != *t.field:
			fail(t.column, fmt.Sprintf("The %s differs from row %d's", t.name, p.row))
		default:
			*t.field = v
		}
	}
	if m := cell("mrp"); m != "" {
		v, err := ParseRupees(m)
		switch {
		case err != nil || v <= 0:
			fail("mrp", "The MRP must be rupees more than zero, such as 999, or left empty")
		case p.seen && (p.change.MRP == nil || *p.change.MRP != v):
			fail("mrp", fmt.Sprintf("The MRP differs from row %d's", p.row))
		default:
			p.change.MRP = &v
		}
	}
	if t := cell("tags"); t != "" || !p.seen {
		tags, err := ParseTags(t)
		switch {
		case err != nil:
			fail("tags", err.Error())
		case p.seen && strings.Join(tags, ",") != strings.Join(p.change.Tags, ","):
			fail("tags", fmt.Sprintf("The tags differ from row %d's", p.row))
		default:
			p.change.Tags = tags
		}
	}
	p.seen = true
	colour, size := cell("colour"), strings.ToUpper(cell("size"))
	if colour == "" && size == "" {
		return problems
	}
	if colour == "" {
		fail("colour", "A size needs its colour")
		return problems
	}
	i, ok := p.colours[strings.ToLower(colour)]
	if !ok {
		i = len(p.change.Variants)
		p.colours[strings.ToLower(colour)] = i
		p.change.Variants = append(p.change.Variants, Variant{VariantName: colour, Sizes: []Size{}})
	}
	v := &p.change.Variants[i]
	if sw := strings.ToLower(cell("swatch")); sw != "" {
		switch {
		case !swatchPattern.MatchString(sw):
			fail("swatch", "The swatch must be a colour such as #1f2233, or left empty")
		case v.Swatch != "" && v.Swatch != sw:
			fail("swatch", fmt.Sprintf("The swatch of %s differs from an earlier row's", colour))
		default:
			v.Swatch = sw
		}
	}
	for _, img := range strings.Split(cell("image"), "|") {
		if img = PicturePath(strings.TrimSpace(img)); img != "" && !slices.Contains(v.Images, img) {
			v.Images = append(v.Images, img)
		}
	}
	if size == "" {
		return problems
	}
	stock, err := strconv.Atoi(cell("stock"))
	if err != nil || stock < 0 || stock > MaxStock {
		fail("stock", fmt.Sprintf("The stock must be a whole number from 0 to %d", MaxStock))
		return problems
	}
	for _, s := range v.Sizes {
		if s.Size == size {
			fail("size", fmt.Sprintf("%s in %s is listed twice", size, colour))
			return problems
		}
	}
	v.Sizes = append(v.Sizes, Size{Size: size, Stock: stock})
	return problems
}

// PicturePath is where a picture named in a spreadsheet is served from: a
// URL or a path stays as it is; a bare file name is an uploaded picture.
func PicturePath(s string) string {
	if s == "" || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
		return s
	}
	return "/uploads/" + s
}

func csvError(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ImportReport is what an import did, or in a dry run would do.
type ImportReport struct {
	DryRun   bool           `json:"dryRun"`
	Applied  bool           `json:"applied"`
	Problems []RowProblem   `json:"problems"`
	Products []ImportResult `json:"products"`
}

// What an import does to one product.
const (
	ImportCreate    = "create"
	ImportUpdate    = "update"
	ImportUnchanged = "unchanged"
)

// ImportResult is what an import does to one product: the fields it
// changes, before and after.
type ImportResult struct {
	Row    int            `json:"row"`
	Name   string         `json:"name"`
	Action string         `json:"action"`
	Before map[string]any `json:"before"`
	After  map[string]any `json:"after"`
}

// ErrImportProblems refuses to apply an import with a problem in any row:
// nothing is changed, and the answer lists the problems.
func ErrImportProblems(r ImportReport) error {
	return &Error{Code: Invalid, Message: fmt.Sprintf("Nothing was imported: %d rows have problems. Fix them and try again.", len(r.Problems)),
		Fields: map[string]any{"dryRun": r.DryRun, "applied": false, "problems": r.Problems, "products": r.Products}}
}
