// Package mediatest makes image bombs for tests: files of a few bytes whose
// headers declare more pixels than any upload may have.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// PNGBomb is a valid PNG that declares width×height RGBA pixels but holds
// only a few bytes of compressed data: decoding it would allocate them all.
func PNGBomb(width, height uint32) []byte {
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
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	chunk("IHDR", ihdr)
	// An empty zlib stream: the pixels are never there.
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// JPEGBomb is the start of a baseline JPEG whose frame declares
// width×height, up to the start of its scan: enough for a decoder to size
// its buffers.
func JPEGBomb(width, height uint16) []byte {
	b := []byte{0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08}
	b = binary.BigEndian.AppendUint16(b, height)
	b = binary.BigEndian.AppendUint16(b, width)
	b = append(b, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)
	return append(b, 0xff, 0xda, 0x00, 0x0c)
}

// WebPBomb is a lossless WebP whose header declares width×height, the
// most its 14-bit fields hold being 16384×16384.
func WebPBomb(width, height uint32) []byte {
	vp8l := binary.LittleEndian.AppendUint32([]byte{0x2f}, (width-1)|(height-1)<<14)
	body := append([]byte("WEBPVP8L"), binary.LittleEndian.AppendUint32(nil, uint32(len(vp8l)))...)
	body = append(append(body, vp8l...), 0) // padded to an even length
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}
