// Package mediatest makes image bombs for tests: files of a few bytes whose
// headers declare more pixels, or pixels more costly to decode, than any
// upload may have.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// PNG colour types.
const (
	PNGGray      = 0
	PNGRGB       = 2
	PNGPaletted  = 3
	PNGGrayAlpha = 4
	PNGRGBA      = 6
)

// PNGBomb is a valid PNG that declares width×height 8-bit RGBA pixels but
// holds only a few bytes of compressed data: decoding it would allocate
// them all.
func PNGBomb(width, height uint32) []byte {
	return PNGHeader(width, height, 8, PNGRGBA, false)
}

// PNG16Bomb is a PNGBomb of 16-bit RGBA pixels, 8 bytes each once decoded.
func PNG16Bomb(width, height uint32) []byte {
	return PNGHeader(width, height, 16, PNGRGBA, false)
}

// PNGHeader is a PNG of width×height pixels of the given bit depth and
// colour type whose pixels are never there.
func PNGHeader(width, height uint32, depth, colorType byte, interlaced bool) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(kind), data...)
		b.Write(body)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], width)
	binary.BigEndian.PutUint32(ihdr[4:], height)
	ihdr[8], ihdr[9] = depth, colorType
	if interlaced {
		ihdr[12] = 1
	}
	chunk("IHDR", ihdr)
	if colorType == PNGPaletted {
		chunk("PLTE", make([]byte, 3))
	}
	// An empty zlib stream: the pixels are never there.
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// JPEG frame markers.
const (
	Baseline    = 0xc0
	Progressive = 0xc2
)

// Component is one colour component of a JPEG frame: its identifier and
// its sampling factors, horizontal in the high nibble, vertical in the low.
type Component struct{ ID, HV byte }

// JPEGBomb is the start of a baseline 4:2:0 YCbCr JPEG whose frame
// declares width×height, up to the start of its scan: enough for a
// decoder to size its buffers.
func JPEGBomb(width, height uint16) []byte {
	return JPEGHeader(Baseline, width, height, Component{1, 0x22}, Component{2, 0x11}, Component{3, 0x11})
}

// ProgressiveJPEGBomb is a progressive 4:4:4 JPEG header: a decoder keeps
// every coefficient of every component until the last scan.
func ProgressiveJPEGBomb(width, height uint16) []byte {
	return JPEGHeader(Progressive, width, height, Component{1, 0x11}, Component{2, 0x11}, Component{3, 0x11})
}

// JPEGHeader is a JPEG, up to the end of its first scan's header, whose
// frame (Baseline or Progressive) declares width×height and comps: a
// decoder allocates the image, and for a progressive one its
// coefficients, before it finds the scan's data missing.
func JPEGHeader(frame byte, width, height uint16, comps ...Component) []byte {
	b := []byte{0xff, 0xd8, 0xff, frame}
	b = binary.BigEndian.AppendUint16(b, uint16(8+3*len(comps)))
	b = append(b, 8)
	b = binary.BigEndian.AppendUint16(b, height)
	b = binary.BigEndian.AppendUint16(b, width)
	b = append(b, byte(len(comps)))
	for i, c := range comps {
		b = append(b, c.ID, c.HV, byte(min(i, 1)))
	}
	b = append(b, 0xff, 0xda)
	b = binary.BigEndian.AppendUint16(b, uint16(6+2*len(comps)))
	b = append(b, byte(len(comps)))
	for _, c := range comps {
		b = append(b, c.ID, 0)
	}
	// The whole spectrum for a baseline scan; the DC coefficients first for
	// a progressive one.
	if frame == Progressive {
		return append(b, 0, 0, 0)
	}
	return append(b, 0, 63, 0)
}

// WebPBomb is a lossless WebP whose header declares width×height, the
// most its 14-bit fields hold being 16384×16384.
func WebPBomb(width, height uint32) []byte {
	vp8l := binary.LittleEndian.AppendUint32([]byte{0x2f}, (width-1)|(height-1)<<14)
	body := append([]byte("WEBPVP8L"), binary.LittleEndian.AppendUint32(nil, uint32(len(vp8l)))...)
	body = append(append(body, vp8l...), 0) // padded to an even length
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}
