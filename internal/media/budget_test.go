package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"os"
	"runtime"
	"testing"

	"github.com/haat-shop/haat/internal/media/mediatest"
)

// Headers of pictures within the pixel limits: the budget refuses
// those whose decoding costs more than it, and only those.
func TestDecodeBudget(t *testing.T) {
	rgb := []mediatest.Component{{ID: 'R', HV: 0x11}, {ID: 'G', HV: 0x11}, {ID: 'B', HV: 0x11}}
	ycbcr420 := []mediatest.Component{{ID: 1, HV: 0x22}, {ID: 2, HV: 0x11}, {ID: 3, HV: 0x11}}
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"8-bit RGBA PNG 8000×5000", mediatest.PNGBomb(8000, 5000), nil},
		{"8-bit RGBA PNG 5000×8000", mediatest.PNGBomb(5000, 8000), nil},
		{"baseline 4:2:0 JPEG 7000×5500", mediatest.JPEGBomb(7000, 5500), nil},
		{"baseline 4:2:0 JPEG 8000×5000", mediatest.JPEGBomb(8000, 5000), nil},
		{"16-bit RGBA PNG 7000×5500", mediatest.PNG16Bomb(7000, 5500), ErrTooMuchMemory},
		{"interlaced 8-bit RGBA PNG 8000×5000", mediatest.PNGHeader(8000, 5000, 8, mediatest.PNGRGBA, true), ErrTooMuchMemory},
		{"progressive 4:4:4 JPEG 7000×5500", mediatest.ProgressiveJPEGBomb(7000, 5500), ErrTooMuchMemory},
		{"progressive 4:2:0 JPEG 7000×5500", mediatest.JPEGHeader(mediatest.Progressive, 7000, 5500, ycbcr420...), ErrTooMuchMemory},
		{"RGB baseline JPEG 8000×5000", mediatest.JPEGHeader(mediatest.Baseline, 8000, 5000, rgb...), ErrTooMuchMemory},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := checkPixels(tc.data); !errors.Is(err, tc.want) {
				t.Errorf("checkPixels = %v, want %v", err, tc.want)
			}
		})
	}
}

// ErrTooMuchMemory tells the admin to save an 8-bit PNG or a baseline JPEG
// of at most SafeMegapixels: every such picture must then be accepted.
func TestTheAdviceOfTheMemoryRefusalHolds(t *testing.T) {
	jpegs := map[string][]mediatest.Component{
		"grey":        {{ID: 1, HV: 0x11}},
		"YCbCr 4:2:0": {{ID: 1, HV: 0x22}, {ID: 2, HV: 0x11}, {ID: 3, HV: 0x11}},
		"YCbCr 4:4:4": {{ID: 1, HV: 0x11}, {ID: 2, HV: 0x11}, {ID: 3, HV: 0x11}},
		"RGB":         {{ID: 'R', HV: 0x11}, {ID: 'G', HV: 0x11}, {ID: 'B', HV: 0x11}},
		"CMYK":        {{ID: 'C', HV: 0x11}, {ID: 'M', HV: 0x11}, {ID: 'Y', HV: 0x11}, {ID: 'K', HV: 0x11}},
		"YCCK":        {{ID: 1, HV: 0x22}, {ID: 2, HV: 0x11}, {ID: 3, HV: 0x11}, {ID: 4, HV: 0x22}},
	}
	pngs := map[string]byte{"grey": mediatest.PNGGray, "RGB": mediatest.PNGRGB, "paletted": mediatest.PNGPaletted,
		"grey and alpha": mediatest.PNGGrayAlpha, "RGBA": mediatest.PNGRGBA}
	// Square, and as long as MaxSide allows either way.
	side, short := int(math.Sqrt(SafeMegapixels*1_000_000)), SafeMegapixels*1_000_000/MaxSide
	for _, size := range [][2]int{{side, side}, {short, MaxSide}, {MaxSide, short}} {
		w, h := size[0], size[1]
		for name, comps := range jpegs {
			if err := checkPixels(mediatest.JPEGHeader(mediatest.Baseline, uint16(w), uint16(h), comps...)); err != nil {
				t.Errorf("baseline %s JPEG %d×%d: %v", name, w, h, err)
			}
		}
		for name, colorType := range pngs {
			for _, interlaced := range []bool{false, true} {
				if err := checkPixels(mediatest.PNGHeader(uint32(w), uint32(h), 8, colorType, interlaced)); err != nil {
					t.Errorf("8-bit %s PNG %d×%d (interlaced %v): %v", name, w, h, interlaced, err)
				}
			}
		}
	}
}

// Real pictures of the costly kinds, but small, are stored as any other.
func TestSmallDeepAndProgressivePicturesAreAccepted(t *testing.T) {
	var deep bytes.Buffer
	if err := png.Encode(&deep, image.NewNRGBA64(image.Rect(0, 0, 800, 600))); err != nil {
		t.Fatal(err)
	}
	progressive, err := os.ReadFile("testdata/progressive.jpeg")
	if err != nil {
		t.Fatal(err)
	}
	s := NewStore(Dir(t.TempDir()), 1)
	for name, data := range map[string][]byte{"16-bit PNG": deep.Bytes(), "progressive JPEG": progressive} {
		if _, err := s.Save(context.Background(), bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestReadJPEGFrameTellsProgressiveFromBaseline(t *testing.T) {
	progressive, err := os.ReadFile("testdata/progressive.jpeg")
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		data []byte
		want bool
	}{"progressive": {progressive, true}, "baseline": {jpegBytes(t), false}} {
		f, err := readJPEGFrame(tc.data)
		if err != nil || f.progressive != tc.want {
			t.Errorf("%s: readJPEGFrame = %+v, %v; want progressive %v", name, f, err, tc.want)
		}
	}
}

// The budget is kept only if decodeCost counts what decoding and copying
// really allocate. Drawing the copies with
// draw.BiLinear, say, takes several times the estimate here (242 MB for
// the tall picture).
func TestDecodeCostCoversWhatResizingAllocates(t *testing.T) {
	encode := func(img image.Image, encode func(io.Writer, image.Image) error) []byte {
		var b bytes.Buffer
		if err := encode(&b, img); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	asJPEG := func(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, nil) }
	r := image.Rect(0, 0, 2000, 1500)
	progressive, err := os.ReadFile("testdata/progressive.jpeg")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"RGBA PNG":         encode(image.NewRGBA(r), png.Encode),
		"16-bit PNG":       encode(image.NewNRGBA64(r), png.Encode),
		"grey PNG":         encode(image.NewGray(r), png.Encode),
		"tall PNG":         encode(image.NewGray(image.Rect(0, 0, 641, 8000)), png.Encode),
		"JPEG":             encode(image.NewRGBA(r), asJPEG),
		"grey JPEG":        encode(image.NewGray(r), asJPEG),
		"progressive JPEG": progressive,
	} {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		cost, err := decodeCost(data, cfg, format)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := resized(context.Background(), data); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		// Room for the decoders' and encoder's tables and buffers.
		const fixed = 1 << 20
		if used := int64(after.TotalAlloc - before.TotalAlloc); used > cost+fixed {
			t.Errorf("%s: resizing allocated %d bytes, decodeCost says %d", name, used, cost)
		}
	}
}

// The budget takes nothing from the pixel limits: an 8-bit RGBA PNG, 4
// bytes a pixel, of MaxPixels fits in it whatever its shape.
func TestTheLargestEightBitPicturesFit(t *testing.T) {
	for w := MaxPixels / MaxSide; w <= MaxSide; w++ {
		h := min(MaxPixels/w, MaxSide)
		if err := checkPixels(mediatest.PNGBomb(uint32(w), uint32(h))); err != nil {
			t.Fatalf("8-bit RGBA PNG %d×%d: %v", w, h, err)
		}
	}
}
