package demo

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// vec is a point in canvas pixels, y pointing down.
type vec struct{ X, Y float32 }

func (a vec) add(b vec) vec        { return vec{a.X + b.X, a.Y + b.Y} }
func (a vec) sub(b vec) vec        { return vec{a.X - b.X, a.Y - b.Y} }
func (a vec) mul(k float32) vec    { return vec{a.X * k, a.Y * k} }
func (a vec) len() float32         { return float32(math.Hypot(float64(a.X), float64(a.Y))) }
func lerp(a, b vec, t float32) vec { return a.add(b.sub(a).mul(t)) }
func mirror(a vec) vec             { return vec{canvas - a.X, a.Y} }
func polar(c vec, r, rad float64) vec {
	return vec{c.X + float32(r*math.Cos(rad)), c.Y + float32(r*math.Sin(rad))}
}

// path is a polyline; curves are flattened as they are added, which keeps
// filling and stroking down to one simple representation.
type path []vec

func (p path) last() vec { return p[len(p)-1] }

// steps picks a segment count from a curve's rough length: enough for
// smooth anti-aliased edges, few enough to stay fast.
func steps(length float32) int {
	return min(max(int(length/6), 4), 48)
}

func (p path) line(q vec) path { return append(p, q) }

func (p path) quad(c, q vec) path {
	a := p.last()
	n := steps(c.sub(a).len() + q.sub(c).len())
	for i := 1; i <= n; i++ {
		t := float32(i) / float32(n)
		p = append(p, lerp(lerp(a, c, t), lerp(c, q, t), t))
	}
	return p
}

func (p path) cube(c1, c2, q vec) path {
	a := p.last()
	n := steps(c1.sub(a).len() + c2.sub(c1).len() + q.sub(c2).len())
	for i := 1; i <= n; i++ {
		t := float32(i) / float32(n)
		ab, bc, cd := lerp(a, c1, t), lerp(c1, c2, t), lerp(c2, q, t)
		p = append(p, lerp(lerp(ab, bc, t), lerp(bc, cd, t), t))
	}
	return p
}

// then appends q without its first point, which duplicates p's last.
func (p path) then(q path) path { return append(p, q[1:]...) }

func (p path) reversed() path {
	r := make(path, len(p))
	for i, v := range p {
		r[len(p)-1-i] = v
	}
	return r
}

func (p path) mirrored() path {
	r := make(path, len(p))
	for i, v := range p {
		r[i] = mirror(v)
	}
	return r
}

func (p path) shifted(d vec) path {
	r := make(path, len(p))
	for i, v := range p {
		r[i] = v.add(d)
	}
	return r
}

func circle(c vec, r float32) path {
	n := min(max(int(r), 10), 64)
	p := make(path, n)
	for i := range p {
		p[i] = polar(c, float64(r), 2*math.Pi*float64(i)/float64(n))
	}
	return p
}

// ellipse is rotated by rad around its centre c.
func ellipse(c vec, rx, ry float32, rad float64) path {
	const n = 32
	sin, cos := math.Sincos(rad)
	p := make(path, n)
	for i := range p {
		t := 2 * math.Pi * float64(i) / n
		x, y := float64(rx)*math.Cos(t), float64(ry)*math.Sin(t)
		p[i] = c.add(vec{float32(x*cos - y*sin), float32(x*sin + y*cos)})
	}
	return p
}

func rect(x0, y0, x1, y1 float32) path {
	return path{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// stroke turns a polyline into polygons: a quad per segment and a disc per
// vertex for round joins and caps. The rasterizer only unions overlapping
// polygons of the same winding, which fill guarantees.
func stroke(p path, width float32, closed bool) []path {
	h := width / 2
	var out []path
	seg := func(a, b vec) {
		d := b.sub(a)
		l := d.len()
		if l < 1e-3 {
			return
		}
		n := vec{-d.Y / l * h, d.X / l * h}
		out = append(out, path{a.add(n), b.add(n), b.sub(n), a.sub(n)})
	}
	for i := 1; i < len(p); i++ {
		seg(p[i-1], p[i])
	}
	if closed && len(p) > 2 {
		seg(p[len(p)-1], p[0])
	}
	for _, v := range p {
		out = append(out, circle(v, h))
	}
	return out
}

// dashes cuts a polyline into dashes of length on separated by off, for
// stitching.
func dashes(p path, on, off float32) []path {
	var out []path
	var cur path
	pos, drawing := float32(0), true
	for i := 1; i < len(p); i++ {
		a, b := p[i-1], p[i]
		l := b.sub(a).len()
		for t := float32(0); t < l; {
			limit := on
			if !drawing {
				limit = off
			}
			step := min(limit-pos, l-t)
			q := lerp(a, b, (t+step)/l)
			if drawing {
				if len(cur) == 0 {
					cur = path{lerp(a, b, t/l)}
				}
				cur = append(cur, q)
			}
			t += step
			pos += step
			if pos >= limit {
				if drawing {
					out = append(out, cur)
					cur = nil
				}
				pos, drawing = 0, !drawing
			}
		}
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// painter draws filled polygons onto an opaque RGBA canvas.
type painter struct {
	img  *image.RGBA
	z    vector.Rasterizer
	mask []uint8
}

// fill paints the union of polys in col, which must be premultiplied.
//
// It rasterizes only the polygons' bounding box into a coverage mask and
// blends just the covered pixels: the rasterizer's own RGBA path blends every
// pixel of the box with four divisions each, several times slower.
func (pt *painter) fill(col color.RGBA, polys ...path) {
	lo := vec{math.MaxFloat32, math.MaxFloat32}
	hi := vec{-math.MaxFloat32, -math.MaxFloat32}
	for _, p := range polys {
		for _, v := range p {
			lo = vec{min(lo.X, v.X), min(lo.Y, v.Y)}
			hi = vec{max(hi.X, v.X), max(hi.Y, v.Y)}
		}
	}
	r := image.Rect(int(lo.X)-1, int(lo.Y)-1, int(hi.X)+2, int(hi.Y)+2).Intersect(pt.img.Bounds())
	if r.Empty() {
		return
	}
	w, h := r.Dx(), r.Dy()
	pt.z.Reset(w, h)
	pt.z.DrawOp = draw.Src
	o := vec{float32(r.Min.X), float32(r.Min.Y)}
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		if area(p) < 0 {
			p = p.reversed()
		}
		pt.z.MoveTo(p[0].X-o.X, p[0].Y-o.Y)
		for _, v := range p[1:] {
			pt.z.LineTo(v.X-o.X, v.Y-o.Y)
		}
		pt.z.ClosePath()
	}
	if cap(pt.mask) < w*h {
		pt.mask = make([]uint8, w*h)
	}
	mask := &image.Alpha{Pix: pt.mask[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	pt.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})

	const full = 255 * 255
	for y := range h {
		row := pt.img.Pix[pt.img.PixOffset(r.Min.X, r.Min.Y+y):]
		for x, m := range mask.Pix[y*w : (y+1)*w] {
			if m == 0 {
				continue
			}
			p := row[4*x : 4*x+3 : 4*x+3]
			if m == 0xff && col.A == 0xff {
				p[0], p[1], p[2] = col.R, col.G, col.B
				continue
			}
			// out = col*m + dst*(1 - col.A*m), all in 0..255 fixed point;
			// the canvas is opaque, so its alpha stays 255.
			mm := uint32(m)
			keep := full - uint32(col.A)*mm
			p[0] = uint8((uint32(col.R)*mm*255 + uint32(p[0])*keep + full/2) / full)
			p[1] = uint8((uint32(col.G)*mm*255 + uint32(p[1])*keep + full/2) / full)
			p[2] = uint8((uint32(col.B)*mm*255 + uint32(p[2])*keep + full/2) / full)
		}
	}
}

func (pt *painter) stroke(col color.RGBA, width float32, closed bool, p path) {
	pt.fill(col, stroke(p, width, closed)...)
}

// area is the signed area of a polygon (shoelace formula).
func area(p path) float32 {
	var s float32
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.X*b.Y - b.X*a.Y
	}
	return s / 2
}

// mix blends a towards b by t (0 = a, 1 = b).
func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

// luma is perceived brightness, 0..255.
func luma(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

// translucent returns c at opacity a, premultiplied as color.RGBA requires.
func translucent(c color.RGBA, a float64) color.RGBA {
	m := func(x uint8) uint8 { return uint8(math.Round(float64(x) * a)) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), m(0xff)}
}
