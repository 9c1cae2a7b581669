package mail

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

var site = Site{Brand: "Haat", URL: "https://shop.example.in/"}

// render queues l as the store would (its data as JSON) and renders it.
func render(t *testing.T, l Letter) Message {
	t.Helper()
	data, err := json.Marshal(l.Data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Render(site, Queued{ID: "x", Template: l.Template, To: l.To, Data: data, Attempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestOrderPlacedMail(t *testing.T) {
	o := shop.Order{ID: "0123456789abcdef01234567", OrderNo: 100042, UserName: "Asha Rao", UserEmail: "asha@example.in",
		Items: []shop.OrderItem{
			{Name: "Chikan Tee", VariantColor: "olive", Size: "M", Qty: 2, Price: 34950},
			{Name: "Block Print Tee", VariantColor: "indigo", Size: "L", Qty: 1, Price: 59900, PreOrder: true},
		},
		Shipping: shop.ShippingAddress{ShippingName: "Asha Rao", ShippingPhoneNumber: "9876543210",
			Address: "12 MG Road, Indiranagar", Landmark: "Near Metro Station", City: "Bengaluru", District: "Bengaluru Urban", State: "Karnataka", PinCode: "560038"},
		PaymentMethod: shop.Razorpay,
		Prices:        shop.Prices{Items: 129800, Shipping: 0, SecureFee: 3894, Discount: 12980, Total: 120714},
	}
	cases := []struct {
		name      string
		change    func(*shop.Order)
		want      []string
		wantNever []string
	}{
		{
			name: "online order",
			want: []string{
				"Hello Asha Rao,\n\nThank you for your order 100042 at Haat.\n\n" +
					"  2 × Chikan Tee, olive, size M — ₹699.00\n" +
					"  1 × Block Print Tee, indigo, size L — ₹599.00 (pre-order: made for you)\n\n" +
					"Items: ₹1,298.00\nShipping: ₹0.00\nSecure transaction fee: ₹38.94\n" +
					"Discount (10% for online payment): −₹129.80\nTotal: ₹1,207.14\nPayment: Online (Razorpay), paid\n\n" +
					"Shipping to:\n  Asha Rao\n  12 MG Road, Indiranagar\n  Near Metro Station\n  Bengaluru, Bengaluru Urban, Karnataka 560038\n" +
					"  Phone 9876543210\n\nFollow your order: https://shop.example.in/order/0123456789abcdef01234567\n",
			},
			wantNever: []string{"Pre-order fee"},
		},
		{
			name: "cash on delivery with a pre-order fee",
			change: func(o *shop.Order) {
				o.PaymentMethod = shop.COD
				o.Prices = shop.Prices{Items: 129800, Shipping: 0, PreOrderFee: 2995, Total: 132795}
			},
			want:      []string{"Items: ₹1,298.00\nShipping: ₹0.00\nPre-order fee: ₹29.95\nTotal: ₹1,327.95\nPayment: Cash on delivery\n"},
			wantNever: []string{"Secure transaction fee", "Discount"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := o
			if c.change != nil {
				c.change(&o)
			}
			m := render(t, OrderPlaced(o, ""))
			if m.To != "asha@example.in" || m.Subject != "Haat: order 100042 placed" {
				t.Errorf("to %q, subject %q", m.To, m.Subject)
			}
			for _, want := range c.want {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text lacks\n%s\nit is\n%s", want, m.Text)
				}
			}
			for _, never := range c.wantNever {
				if strings.Contains(m.Text, never) {
					t.Errorf("text says %q:\n%s", never, m.Text)
				}
			}
		})
	}
}

func TestOrderMails(t *testing.T) {
	o := shop.Order{ID: "0123456789abcdef01234567", OrderNo: 100042, UserName: "Asha Rao", UserEmail: "asha@example.in",
		PaymentMethod: shop.COD, Prices: shop.Prices{Items: 12345600, Total: 12345600}}
	o.Shipment = shop.Shipment{Courier: "Delhivery", TrackingNumber: "DL99", TrackingURL: "https://track.example/DL99"}
	// The confirmation is due 36 hours after the order (HAAT_COD_CONFIRM_WITHIN=36h): 9:45 pm in India.
	due := time.Date(2026, 11, 21, 16, 15, 0, 0, time.UTC)
	toConfirm := o
	toConfirm.PaymentDueAt = &due
	for _, tc := range []struct {
		name, subject string
		letter        Letter
		want          []string
	}{
		{"a COD order to confirm, by when", "Haat: order 100042 placed: please confirm it", OrderPlaced(toConfirm, "tok3n"),
			[]string{"https://shop.example.in/confirm-order/tok3n", "An order not confirmed by 21/11/2026 at 9:45 pm is cancelled.",
				"Total: ₹1,23,456.00"}},
		{"delivered", "Haat: order 100042 delivered", OrderUpdate(o, EventDelivered, "Admin", "", 0),
			[]string{"Your order 100042 was delivered.", "you can ask to return it from your order page",
				"Your order: https://shop.example.in/order/0123456789abcdef01234567"}},
		{"shipped", "Haat: order 100042 shipped", OrderUpdate(o, EventShipped, "Admin", "", 0),
			[]string{"with Delhivery, tracking number DL99", "Follow the parcel: https://track.example/DL99", "keep ₹1,23,456.00 ready"}},
		{"cancelled, by whom and why", "Haat: order 100042 cancelled", OrderUpdate(o, EventCancelled, "Asha Rao", "ordered twice", 0),
			[]string{"cancelled by Asha Rao.\nReason: ordered twice"}},
		{"refund started", "Haat: order 100042 refund started", OrderUpdate(o, EventRefundStarted, "Admin", "", 55684),
			[]string{"refund of ₹556.84"}},
		{"refund done", "Haat: order 100042 refunded", OrderUpdate(o, EventRefunded, "Admin", "UPI 1234", 556884),
			[]string{"refund of ₹5,568.84", "Reference: UPI 1234"}},
		{"return rejected", "Haat: order 100042 return not accepted", OrderUpdate(o, EventReturnRejected, "Admin", "worn", 0),
			[]string{"Reason: worn"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := render(t, tc.letter)
			if m.Subject != tc.subject {
				t.Errorf("subject %q, want %q", m.Subject, tc.subject)
			}
			for _, w := range tc.want {
				if !strings.Contains(m.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, m.Text)
				}
			}
		})
	}
}

type mailCase struct {
	name    string
	letter  Letter
	to      string
	subject string
	text    string
}

func TestAccountMails(t *testing.T) {
	cases := []mailCase{
		{
			name:    "code to verify an address",
			letter:  OneTimeCode("ravi@example.in", "042917", false, 10*time.Minute),
			to:      "ravi@example.in",
			subject: "Haat: your one-time code 042917",
			text: "Your Haat one-time code to verify your e-mail address is:\n\n    042917\n\n" +
				"It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.\n",
		},
		{
			name:    "code to reset a password",
			letter:  OneTimeCode("ravi@example.in", "550011", true, 10*time.Minute),
			to:      "ravi@example.in",
			subject: "Haat: your one-time code 550011",
			text: "Your Haat one-time code to reset your password is:\n\n    550011\n\n" +
				"It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.\n",
		},
		{
			name:    "code to sign in",
			letter:  LoginCode("ravi@example.in", "731904", 10*time.Minute),
			to:      "ravi@example.in",
			subject: "Haat: your one-time code 731904",
			text: "Your Haat one-time code to sign in is:\n\n    731904\n\n" +
				"It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.\n",
		},
		{
			name:    "password changed by the shop",
			letter:  PasswordChanged("ravi@example.in", "Ravi Kumar", true),
			to:      "ravi@example.in",
			subject: "Haat: your password was changed",
			text: "Hello Ravi Kumar,\n\nThe shop changed the password of your Haat account. Every device that was signed in " +
				"has been signed out.\n\nTo sign in, use the password the shop gives you, sign in with a one-time code, or " +
				"choose a new password: https://shop.example.in/forgot\n",
		},
		{
			name:    "password chosen after a reset",
			letter:  PasswordChanged("ravi@example.in", "Ravi Kumar", false),
			to:      "ravi@example.in",
			subject: "Haat: your password was changed",
			text: "Hello Ravi Kumar,\n\nThe password of your Haat account was changed with a one-time code sent to this " +
				"address. Every device that was signed in has been signed out.\n\nIf you did not do this, choose a new " +
				"password at once: https://shop.example.in/forgot, and contact the shop.\n",
		},
		{
			name:    "new password",
			letter:  NewPassword("ravi@example.in", "Ravi Kumar", "x7#Kp2!qLm"),
			to:      "ravi@example.in",
			subject: "Haat: your new password",
			text: "Hello Ravi Kumar,\n\nYour password was reset. Your new password is:\n\n    x7#Kp2!qLm\n\n" +
				"Sign in with it and change it on your profile page. Every device that was signed in has been signed out.\n",
		},
	}
	// Text mail: a name is written as it is, never escaped.
	for _, l := range EmailChanged("Ravi <Kumar>", "old@example.in", "new@example.in") {
		cases = append(cases, mailCase{
			name:    "e-mail changed, to " + l.To,
			letter:  l,
			to:      l.To,
			subject: "Haat: your e-mail address was changed",
			text: "Hello Ravi <Kumar>,\n\nThe e-mail address of your Haat account was changed by the shop from " +
				"old@example.in to new@example.in. Every device that was signed in has been signed out; sign in with the " +
				"new address and verify it.\n\nIf you did not ask for this, reply to this message or contact the shop.\n",
		})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := render(t, c.letter)
			if m.To != c.to || m.Subject != c.subject || m.Text != c.text {
				t.Errorf("got to %q subject %q text\n%s\nwant to %q subject %q text\n%s", m.To, m.Subject, m.Text, c.to, c.subject, c.text)
			}
		})
	}
}

func TestRenderRefusesWhatItCannotWrite(t *testing.T) {
	for name, m := range map[string]Queued{
		"unknown template": {Template: "newsletter", To: "a@example.in", Data: []byte(`{}`)},
		"broken data":      {Template: oneTimeCodeMail, To: "a@example.in", Data: []byte(`{"Code": 7`)},
	} {
		if _, err := Render(site, m); err == nil {
			t.Errorf("%s: rendered", name)
		}
	}
}
