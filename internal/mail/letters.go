package mail

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"text/template"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/invoice"
	"github.com/haat-shop/haat/internal/shop"
)

// Letter is a mail to queue: the template it is written from, to whom, and
// the data the template reads. It is queued in the transaction of the
// change that causes it and rendered only when sent, so the outbox holds
// data, not text, and the shop's name and address come from the instance
// that sends it.
type Letter struct {
	Template string
	To       string
	Data     any
}

// Queued is a letter taken from the outbox to be sent.
type Queued struct {
	ID       string
	Template string
	To       string
	Data     []byte // the letter's Data as JSON
	// Attempts counts the tries so far, this one included.
	Attempts int
}

// Site is what a mail says of the shop that sends it.
type Site struct {
	Brand string
	// URL is the shop's public address, for links.
	URL string
}

// The templates, each a file templates/<name>.txt.
const (
	orderPlacedMail  = "order-placed"
	orderUpdateMail  = "order-update"
	oneTimeCodeMail  = "one-time-code"
	newPasswordMail  = "new-password"
	emailChangedMail = "email-changed"
	passwordChanged  = "password-changed"
	taxDocumentMail  = "tax-document"
)

// TextCode names the queued texts that carry a one-time code by SMS: they
// go through a Texter, not a Mailer, and have no template here (an SMS
// provider sends the text it has registered, filled in with the code).
const TextCode = "sms-one-time-code"

// dataOf makes, for each template, the value its queued data is read into.
var dataOf = map[string]func() any{
	orderPlacedMail:  func() any { return new(orderPlaced) },
	orderUpdateMail:  func() any { return new(orderUpdate) },
	oneTimeCodeMail:  func() any { return new(oneTimeCode) },
	newPasswordMail:  func() any { return new(newPassword) },
	emailChangedMail: func() any { return new(emailChanged) },
	passwordChanged:  func() any { return new(passwordChange) },
	taxDocumentMail:  func() any { return new(taxDocument) },
}

// attaching is the data of a letter that carries files.
type attaching interface {
	attachments() ([]Attachment, error)
}

type taxDocument struct{ Document gst.Document }

func (t taxDocument) attachments() ([]Attachment, error) {
	pdf, err := invoice.PDF(t.Document)
	if err != nil {
		return nil, err
	}
	return []Attachment{{Name: invoice.FileName(t.Document), ContentType: "application/pdf", Data: pdf}}, nil
}

// TaxDocument sends the customer their tax invoice or credit note d, its
// PDF attached. The PDF is drawn when the mail is sent, from d as issued.
func TaxDocument(d gst.Document) Letter {
	return Letter{Template: taxDocumentMail, To: d.Order.UserEmail, Data: taxDocument{Document: d}}
}

type orderPlaced struct {
	Order shop.Order
	// ConfirmToken is in the link that confirms a COD order; "" when it
	// needs no confirmation.
	ConfirmToken string
}

type orderUpdate struct {
	Order  shop.Order
	Event  string
	By     string
	Note   string
	Amount shop.Paise
}

// The changes of an order its customer is told of (OrderUpdate).
const (
	EventConfirmed      = "confirmed"
	EventShipped        = "shipped"
	EventDelivered      = "delivered"
	EventCancelled      = "cancelled"
	EventRefundStarted  = "refundStarted"
	EventRefunded       = "refunded"
	EventReturnApproved = "returnApproved"
	EventReturnRejected = "returnRejected"
)

type oneTimeCode struct {
	Code    string
	Reset   bool
	Login   bool
	Minutes int
}

type newPassword struct{ Name, Password string }

type emailChanged struct{ Name, Old, New string }

type passwordChange struct {
	Name   string
	ByShop bool
}

// CodeText is the data of a queued text (TextCode): a one-time code for
// signing in, sent to a mobile number.
type CodeText struct {
	Code    string
	Minutes int
}

// OrderPlaced thanks the customer for order o and lists what they bought,
// what it costs and where it goes; with a confirmToken, it asks them to
// confirm their cash-on-delivery order through a link.
func OrderPlaced(o shop.Order, confirmToken string) Letter {
	return Letter{Template: orderPlacedMail, To: o.UserEmail, Data: orderPlaced{Order: o, ConfirmToken: confirmToken}}
}

// OrderUpdate tells the customer of o of event, done by by with note; amount
// is the refund's, for refund events.
func OrderUpdate(o shop.Order, event, by, note string, amount shop.Paise) Letter {
	return Letter{Template: orderUpdateMail, To: o.UserEmail, Data: orderUpdate{Order: o, Event: event, By: by, Note: note, Amount: amount}}
}

// OneTimeCode sends code to to, for verifying the address or, with reset,
// for resetting the password; it says the code is good for valid.
func OneTimeCode(to, code string, reset bool, valid time.Duration) Letter {
	return Letter{Template: oneTimeCodeMail, To: to, Data: oneTimeCode{Code: code, Reset: reset, Minutes: int(valid.Minutes())}}
}

// LoginCode sends code to to for signing in; it says the code is good for
// valid.
func LoginCode(to, code string, valid time.Duration) Letter {
	return Letter{Template: oneTimeCodeMail, To: to, Data: oneTimeCode{Code: code, Login: true, Minutes: int(valid.Minutes())}}
}

// LoginCodeText sends code by SMS to the mobile number to, for signing in.
func LoginCodeText(to, code string, valid time.Duration) Letter {
	return Letter{Template: TextCode, To: to, Data: CodeText{Code: code, Minutes: int(valid.Minutes())}}
}

// PasswordChanged tells the account holder name at to that their password
// was changed: by the shop (an admin), or by whoever reset it with a code
// mailed to this address, so that a change they did not make is seen.
func PasswordChanged(to, name string, byShop bool) Letter {
	return Letter{Template: passwordChanged, To: to, Data: passwordChange{Name: name, ByShop: byShop}}
}

// NewPassword tells the account holder name at to the password a reset
// gave them.
func NewPassword(to, name, password string) Letter {
	return Letter{Template: newPasswordMail, To: to, Data: newPassword{Name: name, Password: password}}
}

// EmailChanged tells both the old and the new address that the shop moved
// an account from one to the other, so neither owner learns of it only when
// a sign-in fails, and a change the owner did not ask for is seen at once.
func EmailChanged(name, oldEmail, newEmail string) []Letter {
	data := emailChanged{Name: name, Old: oldEmail, New: newEmail}
	return []Letter{
		{Template: emailChangedMail, To: oldEmail, Data: data},
		{Template: emailChangedMail, To: newEmail, Data: data},
	}
}

//go:embed templates/*.txt
var templateFiles embed.FS

// templates hold every mail. brand and shopURL stand for the sending
// site's, which Render puts in.
var templates = template.Must(template.New("mail").Funcs(template.FuncMap{
	"brand":     func() string { return "" },
	"shopURL":   func() string { return "" },
	"lineTotal": func(it shop.OrderItem) shop.Paise { return it.Price * shop.Paise(it.Qty) },
	"inr":       shop.Paise.Indian,
	"when":      when,
}).ParseFS(templateFiles, "templates/*.txt"))

// when is a moment as the shop shows it (SPEC.md §9): the day and the
// 12-hour time in India, "21/11/2026 at 9:45 pm".
func when(t time.Time) string {
	return t.In(shop.IST).Format("02/01/2006 at 3:04 pm")
}

// Render writes the queued mail m as site sends it. A template's output
// starts with a Subject line and a blank line; the rest is the text.
func Render(site Site, m Queued) (Message, error) {
	newData, ok := dataOf[m.Template]
	if !ok {
		return Message{}, fmt.Errorf("no mail template %q", m.Template)
	}
	data := newData()
	if err := json.Unmarshal(m.Data, data); err != nil {
		return Message{}, fmt.Errorf("read the data of %s mail: %w", m.Template, err)
	}
	t, err := templates.Clone()
	if err != nil {
		return Message{}, fmt.Errorf("copy mail templates: %w", err)
	}
	url := strings.TrimSuffix(site.URL, "/")
	t.Funcs(template.FuncMap{
		"brand":   func() string { return site.Brand },
		"shopURL": func() string { return url },
	})
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, m.Template+".txt", data); err != nil {
		return Message{}, fmt.Errorf("write %s mail: %w", m.Template, err)
	}
	head, text, _ := strings.Cut(b.String(), "\n\n")
	subject, ok := strings.CutPrefix(head, "Subject: ")
	if !ok || strings.Contains(subject, "\n") {
		return Message{}, fmt.Errorf("template %s does not start with one Subject line", m.Template)
	}
	msg := Message{To: m.To, Subject: subject, Text: text}
	if a, ok := data.(attaching); ok {
		if msg.Attachments, err = a.attachments(); err != nil {
			return Message{}, fmt.Errorf("attach to %s mail: %w", m.Template, err)
		}
	}
	return msg, nil
}
