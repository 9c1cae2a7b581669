package demo

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/haat-shop/haat/internal/shop"
)

const (
	canvas = 800
	cx     = canvas / 2
	// URLPrefix is where the front end finds the demo images: those
	// RenderImages returns must be served under their paths.
	URLPrefix = "/uploads/demo/"
)

var (
	background = color.RGBA{0xf4, 0xf4, 0xf2, 0xff}
	black      = color.RGBA{0, 0, 0, 0xff}
	white      = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// views are the images drawn per variant, in the order of Variant.Images.
var views = []string{"front", "back"}

type neckline int

const (
	crew neckline = iota
	poloCollar
	henleyPlacket
)

type motif int

const (
	noMotif motif = iota
	sun
	peaks
	rangoli
	stripes
)

// style is everything about a drawing that comes from the product rather
// than the variant.
type style struct {
	wide  bool // oversized, dropped shoulders
	neck  neckline
	motif motif
}

// motifWords pick a motif that suits a graphic tee's name; a name matching
// none gets one by hash, so it is still stable.
var motifWords = []struct {
	word  string
	motif motif
}{
	{"trek", peaks}, {"himalaya", peaks}, {"explorer", peaks}, {"mountain", peaks},
	{"bandhani", rangoli}, {"kolam", rangoli}, {"block", rangoli}, {"peacock", rangoli}, {"diwali", rangoli}, {"rangoli", rangoli},
	{"stripe", stripes}, {"mumbai", stripes}, {"rickshaw", stripes},
	{"sun", sun}, {"chai", sun},
}

func styleOf(p shop.Product) style {
	var s style
	tags := map[string]bool{}
	for _, t := range p.Tags {
		tags[strings.ToLower(t)] = true
	}
	s.wide = tags["oversized"]
	switch {
	case tags["polo"]:
		s.neck = poloCollar
	case tags["henley"]:
		s.neck = henleyPlacket
	}
	if tags["graphic"] {
		name := strings.ToLower(p.Name)
		for _, w := range motifWords {
			if strings.Contains(name, w.word) {
				s.motif = w.motif
				break
			}
		}
		if s.motif == noMotif {
			s.motif = motif(1 + len(name)%4)
		}
	}
	return s
}

// drawing identifies one image. Identical drawings are rendered once, however
// many products share them.
type drawing struct {
	style
	colour string
	view   string
}

func drawingOf(s style, colour, view string) drawing {
	if view == "back" {
		// The back shows neither motif nor placket, so more backs are shared.
		s.motif = noMotif
		if s.neck == henleyPlacket {
			s.neck = crew
		}
	}
	return drawing{s, colour, view}
}

// slug lowercases s and replaces each run of other characters than a-z and
// 0-9 by one '-', so it is safe in a file name and a URL.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

func fileName(product, colour, view string) string {
	return slug(product) + "-" + slug(colour) + "-" + view + ".png"
}

// imagePaths are the URL paths of a variant's images, front first.
func imagePaths(product, colour string) []string {
	paths := make([]string, len(views))
	for i, v := range views {
		paths[i] = URLPrefix + fileName(product, colour, v)
	}
	return paths
}

// RenderImages draws a front and a back PNG for every variant of products,
// named <slug>-<colour>-<view>.png, and sets each variant's Images to their
// URL paths under URLPrefix. It returns the PNGs by those paths, to be
// stored where the shop serves them. The products are changed only if all
// were drawn.
func RenderImages(products []shop.Product) (map[string][]byte, error) {
	type file struct {
		path string
		d    drawing
	}
	var files []file
	index := map[drawing]int{}
	var todo []drawing
	for _, p := range products {
		s := styleOf(p)
		for _, v := range p.Variants {
			if _, ok := palette[v.VariantName]; !ok {
				return nil, fmt.Errorf("render %s: colour %q is not in the demo palette", p.Name, v.VariantName)
			}
			for _, view := range views {
				d := drawingOf(s, v.VariantName, view)
				if _, ok := index[d]; !ok {
					index[d] = len(todo)
					todo = append(todo, d)
				}
				files = append(files, file{URLPrefix + fileName(p.Name, v.VariantName, view), d})
			}
		}
	}

	pngs, err := renderAll(todo)
	if err != nil {
		return nil, err
	}
	pictures := make(map[string][]byte, len(files))
	for _, f := range files {
		pictures[f.path] = pngs[index[f.d]]
	}
	for i := range products {
		for j := range products[i].Variants {
			v := &products[i].Variants[j]
			v.Images = imagePaths(products[i].Name, v.VariantName)
		}
	}
	return pictures, nil
}

// renderAll draws and encodes the drawings in parallel, one canvas per
// worker; each image is independent of the others.
func renderAll(todo []drawing) ([][]byte, error) {
	out := make([][]byte, len(todo))
	errs := make([]error, len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Go(func() {
			pt := &painter{img: image.NewRGBA(image.Rect(0, 0, canvas, canvas))}
			for i := range next {
				d := todo[i]
				pt.draw(d)
				var buf bytes.Buffer
				if err := png.Encode(&buf, compact(pt.img)); err != nil {
					errs[i] = fmt.Errorf("render %s %s: %w", d.colour, d.view, err)
					continue
				}
				out[i] = buf.Bytes()
			}
		})
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// compact converts img to at most 256 colours: exactly when it has that
// few, otherwise the most frequent ones with the rarest anti-aliasing shades
// snapped to their nearest. An 8-bit paletted PNG is a fraction of the size
// of a 24-bit one and looks the same.
func compact(img *image.RGBA) *image.Paletted {
	// Colours are packed as 0xRRGGBB: the canvas is opaque.
	at := func(i int) uint32 { return uint32(img.Pix[i])<<16 | uint32(img.Pix[i+1])<<8 | uint32(img.Pix[i+2]) }
	counts := map[uint32]int{}
	// Pixels come in long runs of one colour; counting runs saves lookups.
	run, prev := 0, at(0)
	for i := 0; i < len(img.Pix); i += 4 {
		if c := at(i); c != prev {
			counts[prev] += run
			run, prev = 0, c
		}
		run++
	}
	counts[prev] += run

	all := make([]uint32, 0, len(counts))
	for c := range counts {
		all = append(all, c)
	}
	slices.SortFunc(all, func(a, b uint32) int {
		if d := counts[b] - counts[a]; d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
	rgba := func(c uint32) color.RGBA { return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff} }
	pal := make(color.Palette, min(len(all), 256))
	index := make(map[uint32]uint8, len(all))
	for i, c := range all[:len(pal)] {
		pal[i] = rgba(c)
		index[c] = uint8(i)
	}
	for _, c := range all[len(pal):] {
		best, bestD := 0, math.MaxFloat64
		for i, p := range pal {
			if d := distance(rgba(c), p.(color.RGBA)); d < bestD {
				best, bestD = i, d
			}
		}
		index[c] = uint8(best)
	}

	out := image.NewPaletted(img.Bounds(), pal)
	last, li := at(0), index[at(0)]
	for i, j := 0, 0; i < len(img.Pix); i, j = i+4, j+1 {
		if c := at(i); c != last {
			last, li = c, index[c]
		}
		out.Pix[j] = li
	}
	return out
}

// cut is the left half of a flat-laid t-shirt; the right half mirrors it.
type cut struct {
	neckHalf, neckY                            float32
	shoulder, sleeveOut, sleeveIn, armpit, hem vec
	hemDrop                                    float32
}

var (
	regularCut = cut{
		neckHalf: 54, neckY: 172,
		shoulder: vec{250, 198}, sleeveOut: vec{142, 318}, sleeveIn: vec{220, 378},
		armpit: vec{246, 332}, hem: vec{248, 652}, hemDrop: 6,
	}
	// wideCut drops the shoulder seam onto the arm and boxes out the body.
	wideCut = cut{
		neckHalf: 58, neckY: 168,
		shoulder: vec{214, 214}, sleeveOut: vec{118, 372}, sleeveIn: vec{200, 426},
		armpit: vec{222, 384}, hem: vec{222, 652}, hemDrop: 3,
	}
)

// bulge is a control point for a gentle curve from a to b, pushed by k
// pixels away from the shirt's centre (negative k pulls towards it).
func bulge(a, b vec, k float32) vec {
	m := lerp(a, b, 0.5)
	d := b.sub(a)
	n := vec{-d.Y, d.X}.mul(1 / d.len())
	if n.X*(m.X-cx)+n.Y*(m.Y-420) < 0 {
		n = n.mul(-1)
	}
	return m.add(n.mul(k))
}

func (c cut) neckL() vec { return vec{cx - c.neckHalf, c.neckY} }

// neck is a U-shaped neckline of half-width hw and depth d below the
// shoulder line, from left to right.
func (c cut) neck(hw, d float32) path {
	y := c.neckY
	l, r, m := vec{cx - hw, y}, vec{cx + hw, y}, vec{cx, y + d}
	return path{l}.cube(vec{l.X + hw*0.06, y + d*0.75}, vec{cx - hw*0.6, m.Y}, m).
		cube(vec{cx + hw*0.6, m.Y}, vec{r.X - hw*0.06, y + d*0.75}, r)
}

// backNeck is the back neckline, the top edge of the shirt in both views.
func (c cut) backNeck() path { return c.neck(c.neckHalf, 12) }

func (c cut) sleeve() path {
	p := path{c.shoulder}.quad(bulge(c.shoulder, c.sleeveOut, 8), c.sleeveOut)
	p = p.line(c.sleeveIn)
	return p.quad(bulge(c.sleeveIn, c.armpit, -4), c.armpit)
}

func (c cut) seam() path {
	return path{c.armpit}.quad(bulge(c.armpit, c.shoulder, -10), c.shoulder)
}

func (c cut) leftHalf() path {
	p := path{c.neckL()}.quad(bulge(c.neckL(), c.shoulder, 3), c.shoulder)
	p = p.then(c.sleeve())
	p = p.quad(bulge(c.armpit, c.hem, -5), c.hem)
	return p.quad(vec{(c.hem.X + cx) / 2, c.hem.Y + c.hemDrop}, vec{cx, c.hem.Y + c.hemDrop})
}

func (c cut) silhouette() path {
	l := c.leftHalf()
	return l.then(l.mirrored().reversed()).then(c.backNeck().reversed())
}

// tones are the colours derived from one shirt colour.
type tones struct {
	body, outline, detail, inside, rib, ink, accent color.RGBA
}

func tonesOf(c color.RGBA) tones {
	t := tones{body: c, outline: mix(c, black, 0.45), inside: mix(c, black, 0.3)}
	dark := luma(c) < 90
	if dark {
		// Darker lines vanish on dark fabric, so details go lighter.
		t.detail, t.rib = mix(c, white, 0.25), mix(c, white, 0.08)
		t.outline = mix(c, black, 0.6)
	} else {
		t.detail, t.rib = mix(c, black, 0.2), mix(c, black, 0.07)
	}
	if luma(c) < 150 {
		t.ink = color.RGBA{0xf6, 0xee, 0xda, 0xff}
	} else {
		t.ink = color.RGBA{0x23, 0x2f, 0x48, 0xff}
	}
	t.accent = color.RGBA{0xec, 0x8c, 0x22, 0xff}
	if distance(c, t.accent) < 120 {
		t.accent = color.RGBA{0x17, 0x7e, 0x78, 0xff}
	}
	return t
}

func distance(a, b color.RGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

// draw paints d onto pt.img, replacing whatever was there.
func (pt *painter) draw(d drawing) {
	c := regularCut
	if d.wide {
		c = wideCut
	}
	t := tonesOf(palette[d.colour])
	draw.Draw(pt.img, pt.img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)

	sil := c.silhouette()
	// A few offset translucent copies make a soft shadow without a blur.
	for _, o := range []vec{{2, 4}, {5, 8}, {9, 13}} {
		pt.fill(color.RGBA{0, 0, 0, 10}, sil.shifted(o))
	}
	pt.fill(t.body, sil)

	// Sleeves a touch darker than the body read as a separate piece of cloth.
	sl := c.sleeve().then(c.seam())
	shade := translucent(black, 0.05)
	if luma(t.body) < 40 {
		shade = translucent(white, 0.04)
	}
	pt.fill(shade, sl, sl.mirrored())
	for _, s := range []path{c.seam(), c.seam().mirrored()} {
		pt.stroke(t.detail, 2, false, s)
	}
	pt.stitches(c, t)

	front := d.view == "front"
	switch {
	case d.neck == poloCollar && front:
		pt.poloFront(c, t)
	case d.neck == poloCollar:
		pt.poloBack(c, t)
	case front:
		if d.neck == henleyPlacket {
			pt.placket(t, c.neckY+40, c.neckY+172, 15, 3)
		}
		pt.crewFront(c, t)
	default:
		pt.band(c, t, c.backNeck(), c.neckHalf+11, 24)
	}
	if front {
		pt.motif(d.motif, vec{cx, 314}, t)
	}
	pt.stroke(t.outline, 3, true, sil)
}

// stitches are the dashed hems of the sleeves and the body.
func (pt *painter) stitches(c cut, t tones) {
	const in = 14
	toward := func(from, to vec) vec { d := to.sub(from); return from.add(d.mul(in / d.len())) }
	sleeve := path{toward(c.sleeveOut, c.shoulder), toward(c.sleeveIn, c.armpit)}
	hem := path{{c.hem.X + 3, c.hem.Y - 16}}.
		quad(vec{(c.hem.X + cx) / 2, c.hem.Y + c.hemDrop - 16}, vec{cx, c.hem.Y + c.hemDrop - 16})
	hem = hem.then(hem.mirrored().reversed())
	var ds []path
	for _, p := range []path{sleeve, sleeve.mirrored(), hem} {
		ds = append(ds, dashes(p, 7, 5)...)
	}
	var polys []path
	for _, d := range ds {
		polys = append(polys, stroke(d, 1.6, false)...)
	}
	pt.fill(translucent(t.detail, 0.8), polys...)
}

// band is a rib band below the neckline edge, whose lower edge has
// half-width hw and depth depth.
func (pt *painter) band(c cut, t tones, edge path, hw, depth float32) {
	lower := c.neck(hw, depth)
	poly := edge.then(path{edge.last(), lower.last()}).then(lower.reversed())
	pt.fill(t.rib, poly)
	pt.stroke(t.outline, 2, false, lower)
	pt.stroke(t.outline, 2, false, edge)
}

func (pt *painter) crewFront(c cut, t tones) {
	edge := c.neck(c.neckHalf, 46)
	pt.fill(t.inside, c.backNeck().then(path{c.backNeck().last(), edge.last()}).then(edge.reversed()))
	pt.band(c, t, edge, c.neckHalf+11, 58)
}

// placket is a button strip of half-width hw from y0 to y1 with n buttons.
func (pt *painter) placket(t tones, y0, y1, hw float32, n int) {
	r := rect(cx-hw, y0, cx+hw, y1)
	pt.fill(t.rib, r)
	pt.stroke(t.outline, 2, true, r)
	button := mix(t.body, white, 0.55)
	if luma(t.body) > 200 {
		button = mix(t.body, black, 0.12)
	}
	for i := range n {
		b := vec{cx, y1 - 24 - float32(i)*(y1-y0-50)/float32(max(n-1, 1))}
		if n == 1 {
			b.Y = (y0 + y1) / 2
		}
		pt.fill(button, circle(b, 5.5))
		pt.stroke(t.outline, 1.5, true, circle(b, 5.5))
	}
}

func (pt *painter) poloFront(c cut, t tones) {
	y := c.neckY
	nl := c.neckL()
	v := vec{cx, y + 64}
	// The inside of the back of the collar, seen between the flaps.
	inside := c.backNeck().then(path{c.backNeck().last(), v})
	pt.fill(t.inside, inside)
	pt.placket(t, y+58, y+172, 17, 2)
	stand := c.neck(c.neckHalf-6, 30)
	pt.fill(t.rib, c.backNeck().then(path{c.backNeck().last(), stand.last()}).then(stand.reversed()))
	pt.stroke(t.outline, 2, false, stand)

	outer, tip := vec{nl.X - 20, y + 2}, vec{cx - 62, y + 108}
	flap := path{outer, {nl.X + 6, y + 10}, {cx - 1, v.Y}, tip}.quad(bulge(tip, outer, 6), outer)
	for _, f := range []path{flap, flap.mirrored()} {
		pt.fill(t.rib, f)
		pt.stroke(t.outline, 2, true, f)
	}
}

func (pt *painter) poloBack(c cut, t tones) {
	y, w := c.neckY, c.neckHalf+30
	top := path{{cx - w, y + 8}}.line(c.neckL()).then(c.backNeck()).line(vec{cx + w, y + 8})
	lower := path{{cx - w - 4, y + 16}}.cube(vec{cx - w + 10, y + 56}, vec{cx - 44, y + 62}, vec{cx, y + 62})
	lower = lower.then(lower.mirrored().reversed())
	collar := top.then(path{top.last(), lower.last()}).then(lower.reversed())
	pt.fill(t.rib, collar)
	pt.stroke(t.outline, 2, true, collar)
}

// motif draws a simple two-colour print centred on the chest at m, kept
// within 85 px so that the middle of the shirt stays plain fabric.
func (pt *painter) motif(kind motif, m vec, t tones) {
	switch kind {
	case sun:
		var rays []path
		for i := range 16 {
			a := float64(i) * math.Pi / 8
			r := 82.0
			if i%2 == 1 {
				r = 68
			}
			rays = append(rays, path{polar(m, 50, a-0.1), polar(m, r, a), polar(m, 50, a+0.1)})
		}
		pt.fill(t.ink, rays...)
		pt.fill(t.accent, circle(m, 40))
	case peaks:
		base := m.Y + 66
		pt.fill(t.accent, circle(vec{m.X + 62, m.Y - 50}, 19))
		pt.fill(t.accent, path{{m.X - 96, base}, {m.X - 40, m.Y - 14}, {m.X + 16, base}})
		top := vec{m.X + 4, m.Y - 78}
		pt.fill(t.ink, path{{m.X - 74, base}, top, {m.X + 86, base}})
		pt.fill(t.body, path{top, {top.X - 22, top.Y + 42}, {top.X - 8, top.Y + 34}, {top.X + 2, top.Y + 46},
			{top.X + 14, top.Y + 33}, {top.X + 26, top.Y + 42}})
		pt.stroke(t.ink, 6, false, path{{m.X - 84, base + 4}, {m.X + 84, base + 4}})
	case rangoli:
		var inks, accents []path
		for i := range 8 {
			a := float64(i) * math.Pi / 4
			p := ellipse(polar(m, 42, a), 29, 12, a)
			if i%2 == 0 {
				inks = append(inks, p)
			} else {
				accents = append(accents, p)
			}
		}
		var dots []path
		for i := range 16 {
			dots = append(dots, circle(polar(m, 78, float64(i)*math.Pi/8+math.Pi/16), 4.5))
		}
		pt.fill(t.ink, append(inks, dots...)...)
		pt.fill(t.accent, accents...)
		pt.fill(t.accent, circle(m, 13))
	case stripes:
		// A rainbow of arcs resting on a baseline.
		base := m.Y + 50
		for i, r := range []float64{72, 52, 32} {
			col := t.accent
			if i == 1 {
				col = t.ink
			}
			arc := path{}
			for k := 0; k <= 40; k++ {
				arc = append(arc, polar(vec{m.X, base}, r, math.Pi+math.Pi*float64(k)/40))
			}
			pt.stroke(col, 14, false, arc)
		}
		pt.stroke(t.ink, 6, false, path{{m.X - 92, base + 14}, {m.X + 92, base + 14}})
	}
}
