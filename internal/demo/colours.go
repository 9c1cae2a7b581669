package demo

import (
	"image/color"

	"golang.org/x/image/colornames"
)

// palette maps every CSS colour name the catalogue uses to its RGB value.
// Taking the values from colornames (the SVG 1.1 / CSS list) means a name
// that is not a real CSS colour fails to compile instead of rendering grey.
var palette = map[string]color.RGBA{
	"black":           colornames.Black,
	"coral":           colornames.Coral,
	"crimson":         colornames.Crimson,
	"darkgreen":       colornames.Darkgreen,
	"darkolivegreen":  colornames.Darkolivegreen,
	"darkslateblue":   colornames.Darkslateblue,
	"darkslategray":   colornames.Darkslategray,
	"dimgray":         colornames.Dimgray,
	"forestgreen":     colornames.Forestgreen,
	"gold":            colornames.Gold,
	"goldenrod":       colornames.Goldenrod,
	"gray":            colornames.Gray,
	"indianred":       colornames.Indianred,
	"indigo":          colornames.Indigo,
	"ivory":           colornames.Ivory,
	"khaki":           colornames.Khaki,
	"lavender":        colornames.Lavender,
	"lightpink":       colornames.Lightpink,
	"lightseagreen":   colornames.Lightseagreen,
	"limegreen":       colornames.Limegreen,
	"maroon":          colornames.Maroon,
	"mediumvioletred": colornames.Mediumvioletred,
	"midnightblue":    colornames.Midnightblue,
	"navy":            colornames.Navy,
	"olive":           colornames.Olive,
	"orange":          colornames.Orange,
	"peachpuff":       colornames.Peachpuff,
	"powderblue":      colornames.Powderblue,
	"red":             colornames.Red,
	"rosybrown":       colornames.Rosybrown,
	"royalblue":       colornames.Royalblue,
	"saddlebrown":     colornames.Saddlebrown,
	"seagreen":        colornames.Seagreen,
	"sienna":          colornames.Sienna,
	"skyblue":         colornames.Skyblue,
	"slategray":       colornames.Slategray,
	"steelblue":       colornames.Steelblue,
	"tan":             colornames.Tan,
	"teal":            colornames.Teal,
	"thistle":         colornames.Thistle,
	"tomato":          colornames.Tomato,
	"white":           colornames.White,
	"yellowgreen":     colornames.Yellowgreen,
}
