// Package web holds the built single-page app, embedded into the binary.
package web

import (
	"embed"
	"encoding/json"
	"io/fs"
	"iter"
	"strconv"
	"strings"
)

//go:embed all:dist
var dist embed.FS

// App returns the built app: index.html and its assets.
func App() fs.FS {
	app, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern above guarantees the folder
	}
	return app
}

//go:embed src/lib/picture-sizes.json
var pictureSizes []byte

// PictureSizes are the sizes attributes (how wide each shows, in CSS
// pixels, by screen width) the app gives product pictures: in the product
// grid, the top-products carousel and on the product page.
type PictureSizes struct {
	Grid        string `json:"grid"`
	TopCarousel string `json:"topCarousel"`
	ProductPage string `json:"productPage"`
}

// Sizes returns the app's picture sizes, read from the file its code
// imports, so the server's hints ask for the pictures the app will show.
func Sizes() PictureSizes {
	var s PictureSizes
	if err := json.Unmarshal(pictureSizes, &s); err != nil {
		panic(err) // the embedded file is part of the source; TestSizes reads it
	}
	return s
}

//go:embed src/lib/districts.json
var districts []byte

// Districts returns the districts of each state and union territory, read
// from the table the app's shipping form offers, so the server accepts
// exactly the addresses the form can make.
func Districts() map[string][]string {
	var t struct {
		Districts map[string][]string `json:"districts"`
	}
	if err := json.Unmarshal(districts, &t); err != nil || len(t.Districts) == 0 {
		panic("web/src/lib/districts.json is not a table of districts") // part of the source; TestDistricts reads it
	}
	return t.Districts
}

//go:embed src/lib/pincodes.json
var pincodes []byte

// PinStates yields the state of each pin code India Post lists, read from
// the table the app's address forms fill the state from, so the server
// checks a pin code against its state as the form does.
func PinStates() iter.Seq2[int, string] {
	var t struct {
		Places []string `json:"places"`
		Pins   string   `json:"pins"`
	}
	if err := json.Unmarshal(pincodes, &t); err != nil || len(t.Places) == 0 {
		panic("web/src/lib/pincodes.json is not a table of pin codes") // part of the source; TestPinStates reads it
	}
	return func(yield func(int, string) bool) {
		// Each entry is the distance from the pin code before, with "=" and
		// the index of its place (base 36) when the place changes.
		pin, place := 0, t.Places[0]
		for entry := range strings.SplitSeq(t.Pins, ",") {
			step, index, changes := strings.Cut(entry, "=")
			n, err := strconv.Atoi(step)
			if err != nil {
				panic("web/src/lib/pincodes.json: bad entry " + entry)
			}
			pin += n
			if changes {
				i, err := strconv.ParseInt(index, 36, 32)
				if err != nil || int(i) >= len(t.Places) {
					panic("web/src/lib/pincodes.json: bad place in " + entry)
				}
				place = t.Places[i]
			}
			state, _, _ := strings.Cut(place, "|")
			if !yield(pin, state) {
				return
			}
		}
	}
}
