package api

import (
	"context"
	"errors"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
)

// The changes of an order after checkout (issue 19): confirm, ship, cancel,
// return and refund. The rules are the shop's (shop.Act); each handler reads
// who may ask, then makes one store call.

// errDecision refuses an admin's answer to a return that is none of them.
var errDecision = &shop.Error{Code: shop.Invalid, Message: `decision must be "approve", "reject" or "received"`}

// ownOrder reads the order of the request's path for sess: its customer's
// or, for an admin, anyone's; to anyone else it does not exist.
func (s *Server) ownOrder(r *http.Request, sess *session) (shop.Order, error) {
	o, err := s.db.OrderAt(r.Context(), r.PathValue("id"), s.now())
	if err == nil && !o.VisibleTo(sess.user) {
		err = shop.ErrOrderNotFound
	}
	return o, err
}

// act is an act of sess on an order, now.
func (s *Server) act(sess *session, t shop.Transition) shop.Act {
	return shop.Act{Transition: t, At: s.now(), By: sess.actor(), Admin: sess.user.Role == shop.RoleAdmin}
}

// answerOrder writes the order a change left, or the change's refusal.
func (s *Server) answerOrder(w http.ResponseWriter, r *http.Request, o shop.Order, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newOrderJSON(o))
}

func (s *Server) confirmOrder(w http.ResponseWriter, r *http.Request, sess *session) {
	o, err := s.ownOrder(r, sess)
	if err == nil {
		o, err = s.db.ConfirmOrder(r.Context(), o.ID, s.act(sess, shop.Confirm))
	}
	s.answerOrder(w, r, o, err)
}

// confirmByLink confirms the COD order of a mailed link and shows its
// page; the link needs no sign-in, its token is the proof.
func (s *Server) confirmByLink(w http.ResponseWriter, r *http.Request) {
	a := shop.Act{Transition: shop.Confirm, At: s.now(), By: "Customer (e-mail link)"}
	o, err := s.db.ConfirmOrderByToken(r.Context(), r.PathValue("token"), a)
	if err != nil {
		var refusal *shop.Error
		if !errors.As(err, &refusal) {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(statusOf[refusal.Code])
		_, _ = w.Write([]byte(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
			`<title>Order confirmation</title><p>` + html.EscapeString(refusal.Message) + `</p><p><a href="/profile">My orders</a></p>`))
		return
	}
	http.Redirect(w, r, "/order/"+o.ID+"?confirmed=1", http.StatusSeeOther)
}

func (s *Server) shipOrder(w http.ResponseWriter, r *http.Request, sess *session) {
	a := s.act(sess, shop.Ship)
	if !s.decode(w, r, &a.Shipment) {
		return
	}
	a.Shipment.Normalize()
	o, err := s.db.ChangeOrder(r.Context(), r.PathValue("id"), a)
	s.answerOrder(w, r, o, err)
}

func (s *Server) cancelOrder(w http.ResponseWriter, r *http.Request, sess *session) {
	a := s.act(sess, shop.Cancel)
	var in struct {
		Reason string `json:"reason"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	a.Note = strings.TrimSpace(in.Reason)
	o, err := s.ownOrder(r, sess)
	if err == nil {
		o, err = s.db.CancelOrder(r.Context(), o.ID, a)
	}
	if err == nil {
		o = s.sendRefunds(r.Context(), o)
	}
	s.answerOrder(w, r, o, err)
}

func (s *Server) requestReturn(w http.ResponseWriter, r *http.Request, sess *session) {
	a := s.act(sess, shop.RequestReturn)
	var in struct {
		Items  []shop.ReturnItem `json:"items"`
		Reason string            `json:"reason"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	a.Return, a.ReturnReason, a.ReturnWindow = in.Items, in.Reason, s.returnWindow
	o, err := s.db.OrderAt(r.Context(), r.PathValue("id"), s.now())
	if err == nil && o.UserID != sess.user.ID {
		err = shop.ErrOrderNotFound // only its customer returns an order
	}
	if err == nil {
		o, err = s.db.ChangeOrder(r.Context(), o.ID, a)
	}
	s.answerOrder(w, r, o, err)
}

func (s *Server) decideReturn(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		Decision string `json:"decision"`
		Note     string `json:"note"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	id := r.PathValue("id")
	var o shop.Order
	var err error
	switch in.Decision {
	case "approve":
		o, err = s.db.ChangeOrder(r.Context(), id, s.noted(sess, shop.ApproveReturn, in.Note))
	case "reject":
		o, err = s.db.ChangeOrder(r.Context(), id, s.noted(sess, shop.RejectReturn, in.Note))
	case "received":
		o, err = s.db.ReceiveReturn(r.Context(), id, s.noted(sess, shop.ReceiveReturn, in.Note))
		if err == nil {
			o = s.sendRefunds(r.Context(), o)
		}
	default:
		err = errDecision
	}
	s.answerOrder(w, r, o, err)
}

func (s *Server) noted(sess *session, t shop.Transition, note string) shop.Act {
	a := s.act(sess, t)
	a.Note = strings.TrimSpace(note)
	return a
}

// recordRefund takes the reference of a refund an admin made by hand (a
// returned COD order's UPI or bank transfer).
func (s *Server) recordRefund(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		Reference string `json:"reference"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	reference := strings.TrimSpace(in.Reference)
	if reference == "" || len(reference) > shop.MaxReasonLength {
		s.fail(w, r, &shop.Error{Code: shop.Invalid, Message: "Please enter the UPI reference or the bank transfer's note"})
		return
	}
	o, err := s.db.RecordManualRefund(r.Context(), r.PathValue("id"), r.PathValue("refund"), reference, sess.actor(), s.now())
	s.answerOrder(w, r, o, err)
}

// sendRefunds asks the gateway for the refunds of o recorded by the change
// just made, and returns o as it then stands. A refund the gateway does
// not take now stays pending, and the refund job tries it again
// (RetryRefunds): the customer's change is done either way.
func (s *Server) sendRefunds(ctx context.Context, o shop.Order) shop.Order {
	if s.gateway == nil {
		return o
	}
	if err := s.RetryRefunds(ctx, o.ID); err != nil {
		s.log.ErrorContext(ctx, "send refunds", "order", o.ID, "err", err)
	}
	if after, err := s.db.Order(ctx, o.ID); err == nil {
		return after
	}
	return o
}

// refundLease is how long a sender holds a refund it claimed. The gateway
// is given half of it (Razorpay's client tries three times, 10 s each), so
// a claim never ends while its sender may still be asking.
const refundLease = 2 * time.Minute

// refundRetryAfter is how long a refund the gateway did not take waits
// before it is claimed again.
const refundRetryAfter = time.Minute

// retryRefund tries again, for an admin, a refund that failed at the
// gateway: a new refund of the same amount, sent at once.
func (s *Server) retryRefund(w http.ResponseWriter, r *http.Request, sess *session) {
	o, err := s.db.RetryRefund(r.Context(), r.PathValue("id"), r.PathValue("refund"), sess.actor(), s.now())
	if err == nil {
		o = s.sendRefunds(r.Context(), o)
	}
	s.answerOrder(w, r, o, err)
}

// RetryRefunds asks the gateway for every refund recorded and not yet
// taken by it, of order orderID or, with "", of every order. Each is
// claimed first, so one sender of one instance asks for it at a time, and
// the gateway is asked outside any transaction; a refund claimed before is
// looked up at the gateway before it is asked for again. With the
// simulator, the refund.processed webhook Razorpay would send follows.
func (s *Server) RetryRefunds(ctx context.Context, orderID string) error {
	if s.gateway == nil {
		return nil
	}
	for {
		f, ok, err := s.db.ClaimRefund(ctx, orderID, s.now(), refundLease)
		if err != nil || !ok {
			return err
		}
		if err := s.sendRefund(ctx, f); err != nil {
			return err
		}
	}
}

// sendRefund asks the gateway for refund f, claimed, and records what came
// of it.
func (s *Server) sendRefund(ctx context.Context, f shop.Refund) error {
	asking, cancel := context.WithTimeout(ctx, refundLease/2)
	made, err := s.gateway.Refund(asking, payment.RefundRequest{PaymentID: f.PaymentID, Amount: f.Amount, Receipt: f.ID,
		Tried: f.Attempts > 1})
	cancel()
	switch {
	case errors.Is(err, payment.ErrRefused):
		s.log.WarnContext(ctx, "refund refused by the gateway", "refund", f.ID, "err", err)
		return s.db.RefundRefused(ctx, f, err.Error(), s.now())
	case err != nil:
		s.log.WarnContext(ctx, "refund not taken by the gateway, left to retry", "refund", f.ID, "err", err)
		return s.db.RefundNotSent(ctx, f, err.Error(), s.now().Add(refundRetryAfter))
	}
	if err := s.db.RefundSent(ctx, f.ID, made.ID, s.now()); err != nil {
		return err
	}
	if s.simulator != nil {
		body, signature := s.simulator.RefundSettled(made, shop.RefundProcessed)
		s.deliverSimulated(ctx, body, signature)
	}
	return nil
}
