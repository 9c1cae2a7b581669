package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // decodes PNG uploads for their copies
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decodes WebP uploads for their copies
)

// Widths are the sizes of the copies made of every image, so a phone gets
// a picture the size it shows instead of the full upload. Clients ask for
// one with ?w=320 and list them in srcset.
var Widths = []int{320, 640}

// OriginalWidth is the width a srcset claims for an original picture,
// whatever its real size: that of the demo pictures, which uploads are
// expected to be near (the app's srcset in web/src/lib/images.ts says the same).
const OriginalWidth = 800

// CopyName is the file name of the copy of name at width. Copies are JPEG
// on white whatever the original: small, and fast to make (Go encodes no
// WebP, and resized PNGs of anti-aliased drawings grow larger than JPEGs).
func CopyName(name string, width int) string {
	return strings.TrimSuffix(name, filepath.Ext(name)) + ".w" + strconv.Itoa(width) + ".jpg"
}

// resized makes the resized copies of an image, JPEG-encoded by width, for
// every width smaller than the image. It stops between steps once ctx
// ends, so work for a request that is gone does not go on.
func resized(ctx context.Context, data []byte) (map[int][]byte, error) {
	if err := checkPixels(data); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	b := src.Bounds()
	copies := map[int][]byte{}
	for _, w := range Widths {
		if w >= b.Dx() {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h := b.Dy() * w / b.Dx()
		from := src
		if k := b.Dx() / w; k > 1 {
			from = shrink(src, k)
		}
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
		// Not draw.BiLinear: it holds 32 bytes for every pixel of the
		// copy's width times the source's height, 164 MB for a copy 640
		// wide of a picture 8000 tall. After shrink the source is less than
		// twice as wide as the copy, where sampling is good enough.
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), from, from.Bounds(), draw.Over, nil)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82}); err != nil {
			return nil, fmt.Errorf("encode the %d copy: %w", w, err)
		}
		copies[w] = buf.Bytes()
	}
	return copies, nil
}

// shrink averages each k×k square of src into one pixel: a box filter,
// which loses nothing of the picture to aliasing and needs no more memory
// than its small result. Columns and rows short of a whole square, fewer
// than k, are left out.
func shrink(src image.Image, k int) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx()/k, b.Dy()/k
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	at := func(x, y int) color.RGBA64 { return color.RGBA64Model.Convert(src.At(x, y)).(color.RGBA64) }
	if s, ok := src.(image.RGBA64Image); ok {
		at = s.RGBA64At
	}
	sums := make([]uint64, 4*w)
	n := uint64(k * k)
	for y := range h {
		clear(sums)
		for sy := b.Min.Y + y*k; sy < b.Min.Y+(y+1)*k; sy++ {
			for x := range w {
				for sx := b.Min.X + x*k; sx < b.Min.X+(x+1)*k; sx++ {
					c := at(sx, sy)
					sums[4*x] += uint64(c.R)
					sums[4*x+1] += uint64(c.G)
					sums[4*x+2] += uint64(c.B)
					sums[4*x+3] += uint64(c.A)
				}
			}
		}
		row := dst.Pix[y*dst.Stride:]
		for i, sum := range sums {
			row[i] = uint8(sum / n >> 8)
		}
	}
	return dst
}

// WidthFor parses a requested copy width, accepting only those made.
func WidthFor(s string) (int, bool) {
	w, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	for _, known := range Widths {
		if w == known {
			return w, true
		}
	}
	return 0, false
}
