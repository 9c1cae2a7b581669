// Package web holds the built single-page app, embedded into the binary.
package web

import (
	"embed"
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
