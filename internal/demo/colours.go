package demo

import (
	"fmt"
	"image/color"

	"github.com/haat-shop/haat/internal/shop"

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

// colourNames are the names customers read for the palette's colours.
var colourNames = map[string]string{
	"black":           "Black",
	"coral":           "Coral",
	"crimson":         "Crimson",
	"darkgreen":       "Dark Green",
	"darkolivegreen":  "Dark Olive Green",
	"darkslateblue":   "Dark Slate Blue",
	"darkslategray":   "Dark Slate Gray",
	"dimgray":         "Dim Gray",
	"forestgreen":     "Forest Green",
	"gold":            "Gold",
	"goldenrod":       "Goldenrod",
	"gray":            "Gray",
	"indianred":       "Indian Red",
	"indigo":          "Indigo",
	"ivory":           "Ivory",
	"khaki":           "Khaki",
	"lavender":        "Lavender",
	"lightpink":       "Light Pink",
	"lightseagreen":   "Light Sea Green",
	"limegreen":       "Lime Green",
	"maroon":          "Maroon",
	"mediumvioletred": "Medium Violet Red",
	"midnightblue":    "Midnight Blue",
	"navy":            "Navy",
	"olive":           "Olive",
	"orange":          "Orange",
	"peachpuff":       "Peach Puff",
	"powderblue":      "Powder Blue",
	"red":             "Red",
	"rosybrown":       "Rosy Brown",
	"royalblue":       "Royal Blue",
	"saddlebrown":     "Saddle Brown",
	"seagreen":        "Sea Green",
	"sienna":          "Sienna",
	"skyblue":         "Sky Blue",
	"slategray":       "Slate Gray",
	"steelblue":       "Steel Blue",
	"tan":             "Tan",
	"teal":            "Teal",
	"thistle":         "Thistle",
	"tomato":          "Tomato",
	"white":           "White",
	"yellowgreen":     "Yellow Green",
}

// ShowColours gives every variant of products, named by a palette colour
// while its pictures are drawn, the name a customer reads and that colour
// as its swatch.
func ShowColours(products []shop.Product) {
	for i := range products {
		for j := range products[i].Variants {
			v := &products[i].Variants[j]
			if c, ok := palette[v.VariantName]; ok {
				v.Swatch = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
				v.VariantName = colourNames[v.VariantName]
			}
		}
	}
}
