// Package demo provides Haat's demonstration catalogue: a few dozen t-shirts
// of an imaginary Indian brand, the product images drawn for them, and a
// generator of further synthetic products for load tests.
//
// Everything here is deterministic, so a demo shop looks the same on every
// machine and tests can rely on exact values.
package demo

import (
	"fmt"
	"hash/fnv"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// SizeCodes are the sizes every demo variant comes in, smallest first.
var SizeCodes = []string{"S", "M", "L", "XL", "XXL"}

// sizeWeight skews stock towards the middle sizes, as a real shop orders them.
var sizeWeight = []int{7, 10, 10, 8, 5}

// item is the compact source form of one catalogue product.
type item struct {
	name    string
	desc    string
	price   shop.Paise
	tags    []string
	colours []string
	sold    int
	soldOut bool
	reviews []shop.Review
}

func review(name string, rating int, month time.Month, day int, comment string) shop.Review {
	return shop.Review{
		Name:      name,
		Rating:    rating,
		Comment:   comment,
		CreatedAt: time.Date(2026, month, day, 11, 30, 0, 0, time.UTC),
	}
}

// items lists the catalogue in the order the products were added; the last
// one is the newest.
var items = []item{
	{
		name:    "Classic Crew Neck Tee",
		desc:    "Our bestselling everyday tee, cut from 180 GSM combed cotton that is bio-washed for a soft, pill-free feel. A regular fit with a ribbed crew neck that keeps its shape wash after wash.",
		price:   49900,
		tags:    []string{"men", "plain"},
		colours: []string{"black", "white", "navy", "maroon"},
		sold:    486,
		reviews: []shop.Review{
			review("Aarav S.", 5, time.January, 12, "Fits true to size and the fabric feels premium for the price. Bought a second colour within a week."),
			review("Priya M.", 4, time.January, 28, "Good thick cotton and no shrinkage after three washes. The navy is slightly darker than in the photo."),
			review("Rohan K.", 5, time.February, 15, "Best basic tee I have bought online. It survived a Chennai summer without going limp."),
		},
	},
	{
		name:    "Kora Cotton Crew Tee",
		desc:    "Made from unbleached organic kora cotton grown in Gujarat, this tee has a naturally soft hand and a gentle drape. Breathable enough for humid afternoons, with a slightly longer hem.",
		price:   59900,
		tags:    []string{"women", "plain", "organic"},
		colours: []string{"white", "tan", "lightpink"},
		sold:    212,
	},
	{
		name:    "Madras Pique Polo",
		desc:    "A classic polo in breathable 220 GSM cotton piqué with a ribbed collar and a two-button placket. Smart enough for the office, relaxed enough for a weekend in Chennai.",
		price:   129900,
		tags:    []string{"men", "polo"},
		colours: []string{"navy", "white", "darkgreen"},
		sold:    174,
		reviews: []shop.Review{
			review("Vikram J.", 4, time.February, 3, "The collar stays crisp even after machine washing. I wish it came in a slim fit as well."),
			review("Kabir N.", 2, time.March, 9, "Nice colour, but the XL ran a little short for me. Exchanged it for an XXL without any fuss."),
		},
	},
	{
		name:    "Chai Break Graphic Tee",
		desc:    "A sunny print for everyone who runs on cutting chai. Printed with water-based inks on 180 GSM combed cotton, so the design stays soft to the touch.",
		price:   69900,
		tags:    []string{"unisex", "graphic"},
		colours: []string{"goldenrod", "white", "teal"},
		sold:    301,
		reviews: []shop.Review{
			review("Ananya R.", 5, time.January, 20, "The print is bright and has not cracked after a month of wear. Got so many compliments at the office."),
		},
	},
	{
		name:    "Monsoon Oversized Tee",
		desc:    "A roomy drop-shoulder tee in heavyweight 220 GSM cotton, pre-shrunk and enzyme-washed. Size down if you prefer a closer fit.",
		price:   89900,
		tags:    []string{"unisex", "oversized", "plain"},
		colours: []string{"slategray", "black", "olive"},
		sold:    265,
		reviews: []shop.Review{
			review("Meera P.", 5, time.February, 22, "Exactly the boxy oversized fit I wanted. Heavy fabric that still breathes."),
			review("Isha D.", 3, time.March, 14, "Lovely fabric, but the sleeves are longer than I expected and it swamps me even in S."),
		},
	},
	{
		name:    "Khadi Blend Henley",
		desc:    "Handspun khadi blended with soft cotton for a textured, breathable henley. The three-button placket uses coconut-shell buttons, and every piece has small, natural slub variations.",
		price:   119900,
		tags:    []string{"men", "henley"},
		colours: []string{"tan", "darkolivegreen", "indigo"},
		sold:    98,
	},
	{
		name:    "Little Explorer Kids Tee",
		desc:    "A soft, tag-free tee for little adventurers, printed with a playful mountain scene. 160 GSM combed cotton with reinforced shoulder seams for rough-and-tumble days.",
		price:   39900,
		tags:    []string{"kids", "graphic"},
		colours: []string{"skyblue", "tomato", "yellowgreen"},
		sold:    156,
		reviews: []shop.Review{
			review("Divya C.", 5, time.February, 8, "My son refuses to take it off. The colour has not faded at all."),
			review("Harpreet G.", 4, time.March, 2, "Good quality for the price. Runs a little big, which is fine for growing kids."),
		},
	},
	{
		name:    "Bandhani Dots Graphic Tee",
		desc:    "Inspired by the tie-dye dots of Rajasthani bandhani and printed in a circular pattern on the chest. Cut in a relaxed fit from 180 GSM bio-washed cotton.",
		price:   74900,
		tags:    []string{"women", "graphic"},
		colours: []string{"crimson", "mediumvioletred", "navy"},
		sold:    143,
	},
	{
		name:    "Nilgiri Pique Polo",
		desc:    "A tailored polo for women in soft cotton piqué, with a shorter placket and a gently tapered waist. The breathable knit makes it a favourite for hill-station holidays and office Fridays alike.",
		price:   109900,
		tags:    []string{"women", "polo"},
		colours: []string{"teal", "white", "lightpink"},
		sold:    88,
	},
	{
		name:    "Jaipur Block Print Tee",
		desc:    "A geometric motif drawn from Jaipur's hand-block printing traditions, reproduced with a soft-hand screen print. Regular fit in 180 GSM combed cotton.",
		price:   79900,
		tags:    []string{"unisex", "graphic"},
		colours: []string{"indigo", "white", "indianred"},
		sold:    119,
	},
	{
		name:    "Organic Cotton Essential Tee",
		desc:    "GOTS-certified organic cotton in a clean regular fit, bio-washed for softness and dyed with low-impact dyes. A wardrobe staple that feels good and does less harm.",
		price:   64900,
		tags:    []string{"men", "plain", "organic"},
		colours: []string{"olive", "white", "navy"},
		sold:    205,
	},
	{
		name:    "Mumbai Local Oversized Tee",
		desc:    "A bold graphic tribute to the city's lifeline, printed on a boxy drop-shoulder tee. Heavyweight 220 GSM cotton that holds its shape through the rush hour.",
		price:   99900,
		tags:    []string{"unisex", "oversized", "graphic"},
		colours: []string{"black", "white", "goldenrod"},
		sold:    342,
		reviews: []shop.Review{
			review("Farhan Q.", 5, time.January, 25, "Heavy fabric, great print, and the oversized fit is spot on."),
			review("Sneha B.", 4, time.February, 19, "Love the design. Delivery to Pune took only two days."),
			review("Arjun T.", 1, time.March, 11, "The print started peeling after the second wash. Customer support did send a replacement, though."),
		},
	},
	{
		name:    "Slub Cotton Henley",
		desc:    "A long-staple slub cotton henley with a lived-in texture and a three-button placket. Layers neatly under an overshirt or stands on its own.",
		price:   99900,
		tags:    []string{"men", "henley"},
		colours: []string{"navy", "maroon", "gray"},
		sold:    176,
	},
	{
		name:    "Tipped Collar Polo",
		desc:    "A sharp polo knitted from mercerised cotton for a subtle sheen, finished with contrast tipping on the collar and cuffs. The two-button placket and side vents give it a tailored look.",
		price:   139900,
		tags:    []string{"men", "polo"},
		colours: []string{"black", "navy", "white"},
		sold:    221,
		reviews: []shop.Review{
			review("Lakshmi V.", 5, time.February, 26, "Bought it for my husband and he now wears it to every family function."),
			review("Nikhil R.", 4, time.March, 20, "The fabric has a nice sheen. The collar tipping could be a little thicker."),
		},
	},
	{
		name:    "Kids Rainbow Stripe Tee",
		desc:    "Cheerful chest stripes on a super-soft 160 GSM cotton tee. A tag-free neck and azo-free dyes keep it gentle on sensitive skin.",
		price:   44900,
		tags:    []string{"kids", "graphic"},
		colours: []string{"white", "lavender", "navy"},
		sold:    97,
	},
	{
		name:    "Relaxed Boyfriend Tee",
		desc:    "A borrowed-from-the-boys fit with a slightly longer length and roomy sleeves. Soft bio-washed cotton that looks great tucked into jeans or worn loose.",
		price:   54900,
		tags:    []string{"women", "plain"},
		colours: []string{"gray", "black", "rosybrown"},
		sold:    188,
	},
	{
		name:    "Himalaya Trek Graphic Tee",
		desc:    "Snow-capped peaks printed on breathable 180 GSM combed cotton, made for your next trek to Triund or Kedarkantha. Regular fit with a comfortable crew neck.",
		price:   74900,
		tags:    []string{"men", "graphic"},
		colours: []string{"forestgreen", "navy", "khaki"},
		sold:    137,
		reviews: []shop.Review{
			review("Tenzin D.", 5, time.March, 5, "Comfortable all day on the trail, and the print got plenty of compliments at camp."),
		},
	},
	{
		name:    "Pastel Drop-Shoulder Tee",
		desc:    "An easy oversized silhouette in soft pastel shades, with dropped shoulders and a length that works tucked or loose. 200 GSM combed cotton, bio-washed.",
		price:   84900,
		tags:    []string{"women", "oversized", "plain"},
		colours: []string{"lavender", "peachpuff", "powderblue"},
		sold:    253,
	},
	{
		name:    "Performance Dry-Fit Polo",
		desc:    "A lightweight polo in moisture-wicking recycled polyester, made for early-morning golf and weekend cricket. Flat-knit collar and UPF 30 sun protection.",
		price:   119900,
		tags:    []string{"men", "polo", "sports"},
		colours: []string{"royalblue", "black", "white"},
		sold:    160,
	},
	{
		name:    "Kids Cotton Polo",
		desc:    "A mini polo for school picnics and family functions, in soft cotton piqué with an easy snap-button placket.",
		price:   59900,
		tags:    []string{"kids", "polo"},
		colours: []string{"red", "navy", "white"},
		sold:    74,
	},
	{
		name:    "Long-Staple Cotton Essential Tee",
		desc:    "Spun from long-staple cotton for a smoother, stronger fabric that resists pilling. A relaxed regular fit that works for every body.",
		price:   69900,
		tags:    []string{"unisex", "plain"},
		colours: []string{"black", "white", "steelblue", "darkgreen"},
		sold:    410,
		reviews: []shop.Review{
			review("Arjun T.", 5, time.January, 9, "Smooth fabric that holds its colour well. I now own four of these."),
			review("Pooja H.", 4, time.February, 12, "A good everyday tee, though the white is slightly sheer."),
		},
	},
	{
		name:    "Kolam Line Art Tee",
		desc:    "A continuous-line motif inspired by the kolam drawn at Tamil doorsteps every morning. Printed on 180 GSM bio-washed cotton in a relaxed fit.",
		price:   69900,
		tags:    []string{"women", "graphic"},
		colours: []string{"white", "maroon", "darkslategray"},
		sold:    91,
	},
	{
		name:    "Auto Rickshaw Graphic Tee",
		desc:    "Meter down, print on: a cheeky nod to India's favourite three-wheeler. Soft-hand screen print on 180 GSM combed cotton.",
		price:   64900,
		tags:    []string{"unisex", "graphic"},
		colours: []string{"black", "gold", "seagreen"},
		sold:    198,
	},
	{
		name:    "Waffle Knit Henley",
		desc:    "A textured waffle-knit henley that holds a little warmth for cool Bengaluru evenings. Three-button placket and ribbed cuffs.",
		price:   109900,
		tags:    []string{"men", "henley"},
		colours: []string{"dimgray", "olive", "sienna"},
		sold:    67,
	},
	{
		name:    "Cropped Henley Tee",
		desc:    "A cropped, fitted henley in stretchy cotton-elastane rib with a delicate button placket. Pairs well with high-waisted trousers and palazzos.",
		price:   79900,
		tags:    []string{"women", "henley"},
		colours: []string{"black", "white", "coral"},
		sold:    102,
	},
	{
		name:    "Heavyweight Oversized Tee",
		desc:    "A 240 GSM heavyweight tee with a structured, boxy drape and dropped shoulders. Garment-dyed and pre-shrunk so the fit stays true.",
		price:   109900,
		tags:    []string{"men", "oversized", "plain"},
		colours: []string{"black", "white", "darkolivegreen", "saddlebrown"},
		sold:    377,
		reviews: []shop.Review{
			review("Rohan K.", 5, time.January, 17, "Thick, structured and worth every rupee."),
			review("Vivek S.", 3, time.February, 9, "Great fabric, but the XL was far too boxy for me. The M fits better."),
			review("Aditi N.", 4, time.March, 1, "Washed it several times with no shrinkage at all. The brown is a lovely earthy shade."),
			review("Manoj P.", 2, time.March, 23, "Too warm for Hyderabad afternoons. Good quality, wrong weather."),
		},
	},
	{
		name:    "Diwali Lights Graphic Tee",
		desc:    "A festive limited edition with a glowing rangoli-inspired print. Printed with water-based inks on 180 GSM combed cotton.",
		price:   59900,
		tags:    []string{"unisex", "graphic"},
		colours: []string{"black", "maroon"},
		sold:    500,
		soldOut: true,
		reviews: []shop.Review{
			review("Sneha B.", 5, time.January, 6, "Wore it for Lakshmi puja and everyone asked where it was from. Sad that it is sold out now!"),
		},
	},
	{
		name:    "Linen Blend Polo",
		desc:    "A breezy polo in a linen-cotton blend with a soft, unstructured collar. Cool and crisp for Goa weddings and long summer lunches.",
		price:   179900,
		tags:    []string{"men", "polo"},
		colours: []string{"white", "skyblue"},
		sold:    140,
		soldOut: true,
	},
	{
		name:    "Kids Dino Graphic Tee",
		desc:    "A friendly dinosaur-inspired geometric print on a soft, tag-free cotton tee. Easy to wash and built for playground adventures.",
		price:   39900,
		tags:    []string{"kids", "graphic"},
		colours: []string{"limegreen", "orange", "skyblue"},
		sold:    250,
		soldOut: true,
	},
	{
		name:    "Bamboo Fabric Crew Tee",
		desc:    "Silky bamboo-cotton jersey that feels cool against the skin and drapes beautifully. Naturally breathable and gentle on sensitive skin.",
		price:   89900,
		tags:    []string{"women", "plain"},
		colours: []string{"black", "lightseagreen", "thistle"},
		sold:    59,
	},
	{
		name:    "Cricket Club Polo",
		desc:    "A heritage polo with a ribbed collar and a three-button placket, inspired by club whites at a Sunday match. Cotton piqué that stays cool in the stands.",
		price:   99900,
		tags:    []string{"men", "polo", "sports"},
		colours: []string{"white", "navy", "darkgreen"},
		sold:    233,
	},
	{
		name:    "Monochrome Essentials Tee",
		desc:    "No logos, no fuss: a clean crew-neck tee in 180 GSM combed cotton. Bio-washed for softness and built for everyday rotation.",
		price:   44900,
		tags:    []string{"unisex", "plain"},
		colours: []string{"black", "white", "gray"},
		sold:    420,
	},
	{
		name:    "Peacock Feather Graphic Tee",
		desc:    "A stylised peacock-feather motif in jewel tones, printed on soft bio-washed cotton. Cut in a flattering relaxed fit.",
		price:   79900,
		tags:    []string{"women", "graphic"},
		colours: []string{"teal", "navy", "darkslateblue"},
		sold:    115,
		reviews: []shop.Review{
			review("Nandini K.", 4, time.March, 22, "The colours are rich and the print is soft. I would love a slightly longer length."),
		},
	},
	{
		name:    "Goa Sunset Oversized Tee",
		desc:    "A warm sunset graphic on a relaxed drop-shoulder tee, made for beach shacks and long evenings. 200 GSM cotton, bio-washed.",
		price:   94900,
		tags:    []string{"unisex", "oversized", "graphic"},
		colours: []string{"coral", "white", "darkslateblue"},
		sold:    310,
		soldOut: true,
	},
	{
		name:    "Giza Cotton Premium Henley",
		desc:    "Our finest henley, knitted from extra-long-staple Egyptian Giza cotton for an exceptionally smooth, lustrous finish. Mother-of-pearl buttons and reinforced seams.",
		price:   249900,
		tags:    []string{"men", "henley"},
		colours: []string{"midnightblue", "ivory", "black"},
		sold:    23,
	},
	{
		name:    "Kids Everyday Crew Tee",
		desc:    "An affordable everyday tee for school and play in soft 160 GSM combed cotton. A tag-free neck and colours that survive the washing machine.",
		price:   29900,
		tags:    []string{"kids", "plain"},
		colours: []string{"navy", "red", "gray", "yellowgreen"},
		sold:    0,
	},
}

// Catalog returns the demo catalogue, a fresh copy on every call so callers
// may modify it. IDs, images and CreatedAt are left empty: the store assigns
// IDs and timestamps in slice order, and RenderImages fills the images.
// Rating and NumReviews are zero because the store derives them from Reviews.
func Catalog() []shop.Product {
	out := make([]shop.Product, len(items))
	for i, it := range items {
		p := shop.Product{
			Name:        it.name,
			Description: it.desc,
			Price:       it.price,
			TotalSold:   it.sold,
			Tags:        append([]string(nil), it.tags...),
			Reviews:     append([]shop.Review{}, it.reviews...),
		}
		for _, c := range it.colours {
			v := shop.Variant{VariantName: c, Images: []string{}}
			for k, code := range SizeCodes {
				s := 0
				if !it.soldOut {
					s = stock(it.name, c, code, sizeWeight[k])
				}
				v.Sizes = append(v.Sizes, shop.Size{Size: code, Stock: s})
				p.TotalInStock += s
			}
			p.Variants = append(p.Variants, v)
		}
		out[i] = p
	}
	return out
}

// stock derives a plausible stock level (0..40) from a hash rather than a
// random source, so the catalogue is identical on every run. About one size
// in six is sold out.
func stock(name, colour, size string, weight int) int {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s|%s|%s", name, colour, size)
	n := h.Sum32()
	if (n>>8)%6 == 0 {
		return 0
	}
	return int(n%41) * weight / 10
}

// Generated returns n synthetic products for load tests, made by cycling
// through the catalogue and numbering the names ("Kids Cotton Polo #17").
//
// Their variants already point at the images of the catalogue product they
// derive from, so no further rendering is needed once the pictures
// RenderImages returns for Catalog() are served:
//
//	pictures, err := demo.RenderImages(demo.Catalog())
//	for _, p := range demo.Generated(1000) { ... }
func Generated(n int) []shop.Product {
	base := Catalog()
	out := make([]shop.Product, 0, max(n, 0))
	for k := range max(n, 0) {
		src := base[k%len(base)]
		p := src
		p.Name = fmt.Sprintf("%s #%d", src.Name, k+1)
		// Vary sales so that "top products" and sorting have real work to do.
		p.TotalSold = (src.TotalSold + 37*k) % 501
		p.Tags = append([]string(nil), src.Tags...)
		p.Reviews = append([]shop.Review{}, src.Reviews...)
		p.Variants = make([]shop.Variant, len(src.Variants))
		for j, v := range src.Variants {
			v.Sizes = append([]shop.Size(nil), v.Sizes...)
			v.Images = imagePaths(src.Name, v.VariantName)
			p.Variants[j] = v
		}
		out = append(out, p)
	}
	return out
}
