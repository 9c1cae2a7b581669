package shop

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

// validationVector is a row of testdata/validation.json, which
// web/src/lib/validation.vectors.test.ts runs too.
type validationVector struct {
	Name    string          `json:"name"`
	Rule    string          `json:"rule"`
	Input   json.RawMessage `json:"input"`
	Repeat  int             `json:"repeat"`
	Suffix  string          `json:"suffix"`
	Only    string          `json:"only"`
	Valid   bool            `json:"valid"`
	Message *string         `json:"message"`
	Value   json.RawMessage `json:"value"`
}

// text is the row's input as text: input repeated, then the suffix.
func (v validationVector) text(t *testing.T) string {
	t.Helper()
	var s string
	v.decode(t, &s)
	if v.Repeat > 0 {
		s = strings.Repeat(s, v.Repeat)
	}
	return s + v.Suffix
}

func (v validationVector) decode(t *testing.T, into any) {
	t.Helper()
	if err := json.Unmarshal(v.Input, into); err != nil {
		t.Fatalf("input %s: %v", v.Input, err)
	}
}

// A vectorRule runs one rule on a row's input the way the API does: it
// normalizes what the handler normalizes and calls the same checks. It
// answers what the rule keeps of the input, for rows that pin it, and the
// refusal (nil when valid).
type vectorRule func(t *testing.T, v validationVector) (any, error)

// The forms of the vectors (and goodAddress), valid as they are; a row
// changes one field.
func goodUser() NewUser {
	return NewUser{Name: "Asha Rao", Email: "asha@example.com", MobileNo: "9876543210", Password: "secret1", Role: RoleCustomer}
}

// register checks a sign-up with one field set to the row's text.
func register(set func(*NewUser, string)) vectorRule {
	return func(t *testing.T, v validationVector) (any, error) {
		u := goodUser()
		set(&u, v.text(t))
		u.Normalize()
		return nil, u.Validate()
	}
}

// profile checks a profile change with one field set to the row's text; the
// password starts empty. The admin's user edit goes through the same rule.
func profile(set func(*ProfileUpdate, string)) vectorRule {
	return func(t *testing.T, v validationVector) (any, error) {
		u := goodUser()
		p := ProfileUpdate{Name: u.Name, Email: u.Email, MobileNo: u.MobileNo}
		set(&p, v.text(t))
		p.Normalize()
		return nil, p.Validate()
	}
}

// shipping checks an order's address with one field set to the row's text,
// against the districts the server embeds from the app.
func shipping(districts Districts, set func(*ShippingAddress, string)) vectorRule {
	return func(t *testing.T, v validationVector) (any, error) {
		a := goodAddress
		set(&a, v.text(t))
		a.Normalize()
		return nil, CheckAddress(a, districts)
	}
}

// review checks a review with one change to a good one.
func review(set func(*testing.T, *NewReview, validationVector)) vectorRule {
	return func(t *testing.T, v validationVector) (any, error) {
		r := NewReview{Rating: 4, Comment: "Soft and true to size."}
		set(t, &r, v)
		return nil, r.Validate()
	}
}

// editProduct is an admin's product edit with one change, as the server
// keeps it, and its refusal.
func editProduct(change func(*ProductChange)) (ProductChange, error) {
	c := ProductChange{Name: "Cricket Club Polo", Price: 89900, Description: "A polo.", Variants: []Variant{{
		VariantName: "navy", Images: []string{"/uploads/demo/polo-navy-front.png"}, Sizes: []Size{{Size: "M", Stock: 5}},
	}}}
	change(&c)
	c.Normalize()
	return c, c.Validate()
}

func vectorRules(t *testing.T) map[string]vectorRule {
	raw, err := os.ReadFile("../../web/src/lib/districts.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Districts Districts }
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	d := table.Districts
	return map[string]vectorRule{
		"search.keyword": func(t *testing.T, v validationVector) (any, error) {
			return nil, CheckKeyword(NormalizeKeyword(v.text(t)))
		},

		"register.name":     register(func(u *NewUser, s string) { u.Name = s }),
		"register.email":    register(func(u *NewUser, s string) { u.Email = s }),
		"register.mobileNo": register(func(u *NewUser, s string) { u.MobileNo = s }),
		"register.password": register(func(u *NewUser, s string) { u.Password = s }),

		"profile.name":      profile(func(p *ProfileUpdate, s string) { p.Name = s }),
		"profile.email":     profile(func(p *ProfileUpdate, s string) { p.Email = s }),
		"profile.mobileNo":  profile(func(p *ProfileUpdate, s string) { p.MobileNo = s }),
		"profile.password":  profile(func(p *ProfileUpdate, s string) { p.Password = s }),
		"userEdit.name":     profile(func(p *ProfileUpdate, s string) { p.Name = s }),
		"userEdit.email":    profile(func(p *ProfileUpdate, s string) { p.Email = s }),
		"userEdit.mobileNo": profile(func(p *ProfileUpdate, s string) { p.MobileNo = s }),
		"userEdit.password": profile(func(p *ProfileUpdate, s string) { p.Password = s }),

		"shipping.shippingName":        shipping(d, func(a *ShippingAddress, s string) { a.ShippingName = s }),
		"shipping.shippingEmail":       shipping(d, func(a *ShippingAddress, s string) { a.ShippingEmail = s }),
		"shipping.shippingPhoneNumber": shipping(d, func(a *ShippingAddress, s string) { a.ShippingPhoneNumber = s }),
		"shipping.address":             shipping(d, func(a *ShippingAddress, s string) { a.Address = s }),
		"shipping.city":                shipping(d, func(a *ShippingAddress, s string) { a.City = s }),
		"shipping.pinCode":             shipping(d, func(a *ShippingAddress, s string) { a.PinCode = s }),
		"shipping.state":               shipping(d, func(a *ShippingAddress, s string) { a.State = s }),
		"shipping.district":            shipping(d, func(a *ShippingAddress, s string) { a.District = s }),
		"shipping.landmark":            shipping(d, func(a *ShippingAddress, s string) { a.Landmark = s }),
		"shipping.shippingNote":        shipping(d, func(a *ShippingAddress, s string) { a.ShippingNote = s }),

		"review.rating":  review(func(t *testing.T, r *NewReview, v validationVector) { v.decode(t, &r.Rating) }),
		"review.comment": review(func(t *testing.T, r *NewReview, v validationVector) { r.Comment = v.text(t) }),

		"cart.qty": func(t *testing.T, v validationVector) (any, error) {
			var in struct{ Qty int }
			v.decode(t, &in)
			return nil, validateLines([]OrderLine{{ProductID: "p", SizeID: "s", Qty: in.Qty}})
		},

		"payment.method": func(t *testing.T, v validationVector) (any, error) {
			var in struct {
				Method PaymentMethod
				Prices
			}
			v.decode(t, &in)
			return nil, in.MethodAllowed(in.Method)
		},

		"product.tags": func(t *testing.T, v validationVector) (any, error) {
			tags, err := ParseTags(v.text(t))
			if err != nil {
				return nil, err
			}
			c, err := editProduct(func(c *ProductChange) { c.Tags = tags })
			return c.Tags, err
		},
		"product.price": func(t *testing.T, v validationVector) (any, error) {
			var rupees float64
			v.decode(t, &rupees)
			c, err := editProduct(func(c *ProductChange) { c.Price = Paise(math.Round(rupees * 100)) })
			return float64(c.Price) / 100, err
		},
		"product.mrp": func(t *testing.T, v validationVector) (any, error) {
			var in struct{ Price, MRP *Paise }
			v.decode(t, &in)
			c, err := editProduct(func(c *ProductChange) { c.Price, c.MRP = *in.Price, in.MRP })
			return c.MRP, err
		},
		"product.size": func(t *testing.T, v validationVector) (any, error) {
			c, err := editProduct(func(c *ProductChange) { c.Variants[0].Sizes[0].Size = v.text(t) })
			return c.Variants[0].Sizes[0].Size, err
		},
		"product.variantName": func(t *testing.T, v validationVector) (any, error) {
			c, err := editProduct(func(c *ProductChange) { c.Variants[0].VariantName = v.text(t) })
			return c.Variants[0].VariantName, err
		},
		"product.images": func(t *testing.T, v validationVector) (any, error) {
			_, err := editProduct(func(c *ProductChange) { v.decode(t, &c.Variants[0].Images) })
			return nil, err
		},
	}
}

// TestValidationVectors runs every row of testdata/validation.json that the
// server checks: the web app runs the same rows, so the two cannot disagree
// on whether an input is valid or on the message it gets.
func TestValidationVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/validation.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Vectors []validationVector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) < 60 {
		t.Fatalf("only %d vectors", len(file.Vectors))
	}
	rules := vectorRules(t)
	ran := map[string]bool{}
	for _, v := range file.Vectors {
		switch v.Only {
		case "web":
			continue
		case "", "go":
		default:
			t.Errorf("%s: only is %q, want web, go or nothing", v.Name, v.Only)
			continue
		}
		rule, ok := rules[v.Rule]
		if !ok {
			t.Errorf("%s: the server has no rule %q", v.Name, v.Rule)
			continue
		}
		ran[v.Rule] = true
		t.Run(v.Name, func(t *testing.T) {
			kept, err := rule(t, v)
			if valid := err == nil; valid != v.Valid {
				t.Fatalf("valid = %v (%v), want %v", valid, err, v.Valid)
			}
			if err != nil && (v.Message == nil || err.Error() != *v.Message) {
				t.Errorf("message %q, want %q", err.Error(), deref(v.Message))
			}
			if v.Value != nil {
				var want any
				if err := json.Unmarshal(v.Value, &want); err != nil {
					t.Fatal(err)
				}
				got, _ := json.Marshal(kept)
				var gotValue any
				if err := json.Unmarshal(got, &gotValue); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(gotValue, want) {
					t.Errorf("kept %s, want %s", got, v.Value)
				}
			}
		})
	}
	for name := range rules {
		if !ran[name] {
			t.Errorf("no vector runs the server's rule %q", name)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}
