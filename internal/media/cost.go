package media

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/haat-shop/haat/internal/shop"
)

// DecodeBudget is the most memory decoding one image and making its copies
// may take. Pixels alone do not tell it: a 16-bit PNG takes 8 bytes a
// pixel, and a progressive JPEG keeps 256 bytes of coefficients for every
// 8×8 block of every component besides the image. 160 MiB holds the
// largest picture the pixel limits let in at 4 bytes a pixel, 40
// megapixels of 8-bit RGBA with its copies, and every 8-bit PNG or
// baseline JPEG of SafeMegapixels.
const DecodeBudget = 160 << 20

// SafeMegapixels is the size up to which any 8-bit PNG or baseline JPEG
// fits in DecodeBudget, whatever its colours: the advice a refusal gives.
const SafeMegapixels = 18

// ErrTooMuchMemory refuses an image within the pixel limits whose decoding
// would still take more than DecodeBudget.
var ErrTooMuchMemory = shop.Errorf(shop.Invalid, "This picture needs too much memory to process. Save it as an 8-bit PNG or a baseline (not progressive) JPEG of at most %d megapixels.", SafeMegapixels)

// decodeCost is the memory, in bytes, that decoding the image data and
// making its copies takes at most, judged from its header. cfg and format
// are what image.DecodeConfig read from data.
func decodeCost(data []byte, cfg image.Config, format string) (int64, error) {
	pixels := int64(cfg.Width) * int64(cfg.Height)
	var cost int64
	switch format {
	case "jpeg":
		f, err := readJPEGFrame(data)
		if err != nil {
			return 0, err
		}
		cost = f.cost(cfg.Width, cfg.Height)
	case "png":
		cost = pngCost(data, cfg)
	case "webp":
		switch cfg.ColorModel {
		case color.NRGBAModel:
			// Lossless: its pixels, and one transform's copy of them.
			cost = 8 * pixels
		case color.NYCbCrAModel:
			// Lossy with an alpha plane, which is coded losslessly.
			cost = (bytesPerPixel(cfg.ColorModel) + 8) * pixels
		default:
			cost = bytesPerPixel(cfg.ColorModel) * pixels
		}
	default:
		return 0, fmt.Errorf("no decoding cost known for %s", format)
	}
	return cost + copiesCost(cfg.Width, cfg.Height), nil
}

// bytesPerPixel is what a decoded image of model holds for each pixel.
// YCbCr counts as 4:4:4, its largest.
func bytesPerPixel(model color.Model) int64 {
	if _, ok := model.(color.Palette); ok {
		return 1
	}
	switch model {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	return 4
}

// copiesCost is the memory of the RGBA copies resized draws and of the
// shrunk sources it draws them from.
func copiesCost(width, height int) int64 {
	var cost int64
	for _, w := range Widths {
		if w >= width {
			continue
		}
		cost += 4 * int64(w) * int64(height*w/width)
		if k := width / w; k > 1 {
			cost += 4 * int64(width/k) * int64(height/k)
		}
	}
	return cost
}

// pngCost is what decoding a PNG takes. A transparent colour (tRNS) makes
// a grey image NRGBA or NRGBA64, which DecodeConfig does not tell, and an
// interlaced one decodes each pass into an image of its own, the largest
// half the size, before copying it into the whole.
func pngCost(data []byte, cfg image.Config) int64 {
	perPixel := bytesPerPixel(cfg.ColorModel)
	interlaced := false
	for rest := data[8:]; len(rest) >= 12; {
		n := int64(binary.BigEndian.Uint32(rest))
		kind, body := string(rest[4:8]), rest[8:]
		if n+4 > int64(len(body)) || kind == "IDAT" {
			break
		}
		switch kind {
		case "IHDR":
			interlaced = n >= 13 && body[12] != 0
		case "tRNS":
			switch cfg.ColorModel {
			case color.GrayModel:
				perPixel = 4
			case color.Gray16Model:
				perPixel = 8
			}
		}
		rest = body[n+4:]
	}
	cost := perPixel * int64(cfg.Width) * int64(cfg.Height)
	if interlaced {
		cost += cost / 2
	}
	return cost
}

// jpegFrame is what a JPEG's markers say of the memory its decoding takes.
type jpegFrame struct {
	progressive bool
	// hv are the sampling factors of each component, the first the largest.
	hv [][2]int
	// rgb is set when the decoder copies its YCbCr planes into an RGBA
	// image, as Go's does for an image coded as RGB.
	rgb bool
}

// errNoFrame refuses a JPEG whose markers hold no frame: it cannot decode.
var errNoFrame = errors.New("JPEG without a frame header")

// readJPEGFrame walks data's markers as Go's decoder does: it skips bytes
// that are not markers, so the data of scans, and reads the first frame,
// the JFIF (APP0) and Adobe (APP14) segments. Data that ends early ends
// the walk: the decoder would stop there too.
func readJPEGFrame(data []byte) (jpegFrame, error) {
	var f jpegFrame
	var ids []byte
	jfif, adobe, transform := false, false, byte(0)
	for i := 2; i+1 < len(data); {
		if data[i] != 0xff {
			i++
			continue
		}
		marker := data[i+1]
		i += 2
		if marker == 0x00 || marker == 0xff || (marker >= 0xd0 && marker <= 0xd7) {
			// Stuffing, fill and restart markers: no segment follows.
			if marker == 0xff {
				i--
			}
			continue
		}
		if marker == 0xd9 || i+2 > len(data) {
			break
		}
		n := int(binary.BigEndian.Uint16(data[i:]))
		if n < 2 {
			break
		}
		seg := data[i+2 : min(i+n, len(data))]
		i += n
		switch {
		case (marker == 0xc0 || marker == 0xc1 || marker == 0xc2) && f.hv == nil:
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) || seg[5] == 0 {
				return f, errNoFrame
			}
			f.progressive = marker == 0xc2
			for c := range int(seg[5]) {
				hv := seg[7+3*c]
				f.hv = append(f.hv, [2]int{int(hv >> 4), int(hv & 0x0f)})
				ids = append(ids, seg[6+3*c])
			}
		case marker == 0xe0:
			jfif = len(seg) >= 5 && string(seg[:5]) == "JFIF\x00"
		case marker == 0xee && len(seg) >= 12 && string(seg[:5]) == "Adobe":
			adobe, transform = true, seg[11]
		}
	}
	if f.hv == nil {
		return f, errNoFrame
	}
	f.rgb = len(f.hv) == 3 && !jfif && (adobe && transform == 0 || string(ids) == "RGB")
	return f, nil
}

// cost is what decoding a width×height JPEG of this frame takes: a plane
// of bytes for each component, padded to whole blocks, a 4-byte-a-pixel
// image if the planes are then converted (CMYK and RGB), and a progressive
// frame's coefficients, 64 int32s for each block.
func (f jpegFrame) cost(width, height int) int64 {
	hMax, vMax := f.hv[0][0], f.hv[0][1]
	if len(f.hv) == 1 {
		// A single component is never interleaved: one block is one unit.
		hMax, vMax = 1, 1
	}
	hMax, vMax = max(hMax, 1), max(vMax, 1)
	units := int64((width+8*hMax-1)/(8*hMax)) * int64((height+8*vMax-1)/(8*vMax))
	var blocks int64
	for _, hv := range f.hv {
		if len(f.hv) == 1 {
			hv = [2]int{1, 1}
		}
		blocks += units * int64(hv[0]*hv[1])
	}
	cost := 64 * blocks
	if len(f.hv) == 4 || f.rgb {
		cost += 4 * int64(width) * int64(height)
	}
	if f.progressive {
		cost += 256 * blocks
	}
	return cost
}
