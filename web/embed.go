// Package web holds the built single-page app, embedded into the binary.
package web

import (
	"embed"
	"encoding/json"
	"io/fs"
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
