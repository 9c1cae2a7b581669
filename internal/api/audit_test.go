package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

type auditEntryJSON struct {
	ActorID   string                     `json:"actorId"`
	ActorName string                     `json:"actorName"`
	ActorRole string                     `json:"actorRole"`
	Address   string                     `json:"address"`
	Action    string                     `json:"action"`
	TargetID  string                     `json:"targetId"`
	Target    string                     `json:"target"`
	Before    map[string]json.RawMessage `json:"before"`
	After     map[string]json.RawMessage `json:"after"`
}

type auditPageJSON struct {
	Entries []auditEntryJSON `json:"entries"`
	Pages   int              `json:"pages"`
}

// Every kind of staff change leaves one entry with who, from where, and
// what changed; a customer's own changes leave none.
func TestAuditLog(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		maker := h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002")
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		adminUser, err := db.UserByEmail(t.Context(), "admin@example.com")
		if err != nil {
			t.Fatal(err)
		}
		// last returns the newest entry of action, checking there is one.
		last := func(t *testing.T, action string) auditEntryJSON {
			t.Helper()
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?action="+action, nil, 200, &page)
			if len(page.Entries) == 0 {
				t.Fatalf("no %s entry", action)
			}
			return page.Entries[0]
		}
		field := func(m map[string]json.RawMessage, k string) string { return string(m[k]) }
		var draft productJSON
		s := newStory(t)

		s.step("a product created, by whom and from where", func(t *testing.T) {
			admin.do(t, "POST", "/api/products", nil, 201, &draft)
			e := last(t, shop.AuditProductCreated)
			if e.TargetID != draft.ID || e.ActorID != adminUser.ID || e.ActorName != "Admin" || e.ActorRole != "admin" || e.Address != "127.0.0.1" {
				t.Errorf("entry %+v", e)
			}
		})
		var edited productJSON
		s.step("a product published: price and stock before and after", func(t *testing.T) {
			body := map[string]any{"name": "Audit Tee", "price": 499, "tags": "men", "description": "Plain.", "version": draft.Version,
				"variants": []variantIn{{VariantName: "olive", Images: []string{"/uploads/demo/tee.png"},
					Sizes: []map[string]any{{"size": "M", "stock": 4}, {"size": "L", "stock": 0}}}}}
			admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &edited)
			e := last(t, shop.AuditProductPublished)
			if field(e.Before, "price") != "0" || field(e.After, "price") != "499" || field(e.After, "stock") != `{"olive L":0,"olive M":4}` ||
				field(e.After, "published") != "true" || e.Target != "Audit Tee" {
				t.Errorf("before %v after %v", e.Before, e.After)
			}
		})
		s.step("a price and stock change records only what changed", func(t *testing.T) {
			body := map[string]any{"name": "Audit Tee", "price": 599, "tags": "men", "description": "Plain.", "version": edited.Version,
				"variants": []variantIn{{ID: edited.Variants[0].ID, VariantName: "olive", Images: []string{"/uploads/demo/tee.png"},
					Sizes: []map[string]any{{"_id": edited.Variants[0].Sizes[0].ID, "size": "M", "stock": 2}, {"_id": edited.Variants[0].Sizes[1].ID, "size": "L", "stock": 0}}}}}
			admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &edited)
			e := last(t, shop.AuditProductUpdated)
			if len(e.Before) != 2 || field(e.Before, "price") != "499" || field(e.After, "price") != "599" ||
				field(e.Before, "stock") != `{"olive L":0,"olive M":4}` || field(e.After, "stock") != `{"olive L":0,"olive M":2}` {
				t.Errorf("before %v after %v", e.Before, e.After)
			}
		})
		s.step("an MRP-only edit records the MRP before and after", func(t *testing.T) {
			body := map[string]any{"name": "Audit Tee", "price": 599, "mrp": 799, "tags": "men", "description": "Plain.", "version": edited.Version,
				"variants": []variantIn{{ID: edited.Variants[0].ID, VariantName: "olive", Images: []string{"/uploads/demo/tee.png"},
					Sizes: []map[string]any{{"_id": edited.Variants[0].Sizes[0].ID, "size": "M", "stock": 2}, {"_id": edited.Variants[0].Sizes[1].ID, "size": "L", "stock": 0}}}}}
			admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &edited)
			e := last(t, shop.AuditProductUpdated)
			if len(e.Before) != 1 || len(e.After) != 1 || field(e.Before, "mrp") != "null" || field(e.After, "mrp") != "799" {
				t.Errorf("before %v after %v", e.Before, e.After)
			}
		})
		s.step("a role change and a user deleted", func(t *testing.T) {
			other := addUser(t, db, "Ravi", "ravi@example.com", "9000000005", "haat-demo", shop.RoleCustomer)
			admin.do(t, "PUT", "/api/users/"+other.ID, map[string]any{"name": "Ravi", "email": "ravi@example.com",
				"mobileNo": "9000000005", "role": "manufacturer"}, 200, nil)
			e := last(t, shop.AuditUserRole)
			if e.TargetID != other.ID || field(e.Before, "role") != `"customer"` || field(e.After, "role") != `"manufacturer"` || len(e.After) != 1 {
				t.Errorf("role entry %+v", e)
			}
			admin.do(t, "DELETE", "/api/users/"+other.ID, nil, 200, nil)
			if e := last(t, shop.AuditUserDeleted); e.TargetID != other.ID || field(e.Before, "email") != `"ravi@example.com"` {
				t.Errorf("delete entry %+v", e)
			}
		})
		s.step("an order paid and delivered by an admin, made by a manufacturer", func(t *testing.T) {
			tee := stockedProduct(t, db, "Pre Tee", 49900, map[string]int{"M": 3, "L": 0})
			var o placed
			c.do(t, "POST", "/api/orders", tee.preOrder("L", shop.COD), 201, &o)
			c.do(t, "PUT", "/api/orders/"+o.Data.ID+"/confirm", nil, 200, nil) // made once the customer says yes
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": o.Data.ID}, 200, nil)
			admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/pay", map[string]any{}, 200, nil)
			admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/deliver", map[string]any{}, 200, nil)
			made := last(t, shop.AuditOrderMade)
			if made.ActorRole != "manufacturer" || made.TargetID != o.Data.ID || made.Target != o.Data.OrderID || field(made.Before, "mfgDate") != "null" {
				t.Errorf("made %+v", made)
			}
			if e := last(t, shop.AuditOrderPaid); field(e.Before, "isPaid") != "false" || field(e.After, "isPaid") != "true" {
				t.Errorf("paid %+v", e)
			}
			if e := last(t, shop.AuditOrderDelivered); field(e.After, "isDelivered") != "true" || e.TargetID != o.Data.ID {
				t.Errorf("delivered %+v", e)
			}
		})
		s.step("an order shipped and one cancelled by an admin; a customer's own cancellation is not logged", func(t *testing.T) {
			tee := stockedProduct(t, db, "Ship Tee", 49900, map[string]int{"M": 5})
			place := func() placed {
				var o placed
				c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &o)
				return o
			}
			shipped, cancelled, own := place(), place(), place()
			admin.do(t, "PUT", "/api/orders/"+shipped.Data.ID+"/ship", map[string]any{"courier": "Delhivery",
				"trackingNumber": "DL1234567", "trackingUrl": "https://www.delhivery.com/track/package/DL1234567"}, 200, nil)
			if e := last(t, shop.AuditOrderShipped); e.TargetID != shipped.Data.ID || field(e.After, "status") != `"shipped"` ||
				field(e.After, "courier") != `"Delhivery"` {
				t.Errorf("shipped %+v", e)
			}
			admin.do(t, "PUT", "/api/orders/"+cancelled.Data.ID+"/cancel", map[string]any{"reason": "Out of area"}, 200, nil)
			c.do(t, "PUT", "/api/orders/"+own.Data.ID+"/cancel", map[string]any{"reason": "Changed my mind"}, 200, nil)
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?action="+shop.AuditOrderCancelled, nil, 200, &page)
			if len(page.Entries) != 1 || page.Entries[0].TargetID != cancelled.Data.ID || page.Entries[0].ActorRole != "admin" {
				t.Errorf("cancellations logged: %+v", page.Entries)
			}
		})
		s.step("a new customer's COD order confirmed by an admin on the phone", func(t *testing.T) {
			tee := stockedProduct(t, db, "Confirm Tee", 49900, map[string]int{"M": 5})
			first := h.signIn(t, shop.RoleCustomer, "first@example.com", "9000000006")
			var o placed
			first.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &o)
			admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/confirm", nil, 200, nil)
			if e := last(t, shop.AuditOrderConfirmed); e.TargetID != o.Data.ID || e.ActorRole != "admin" ||
				field(e.Before, "status") != `"awaitingConfirmation"` || field(e.After, "status") != `"placed"` {
				t.Errorf("confirmed %+v", e)
			}
		})
		s.step("returns approved, received and rejected, each with its state before and after", func(t *testing.T) {
			tee := stockedProduct(t, db, "Return Tee", 49900, map[string]int{"M": 5})
			returnAsked := func() string {
				var o placed
				c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &o)
				admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/pay", map[string]any{}, 200, nil)
				admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/deliver", map[string]any{}, 200, nil)
				c.do(t, "POST", "/api/orders/"+o.Data.ID+"/return", map[string]any{"reason": "size",
					"items": []map[string]any{{"product": tee.productID, "size": "M", "qty": 1}}}, 200, nil)
				return o.Data.ID
			}
			approved, rejected := returnAsked(), returnAsked()
			admin.do(t, "PUT", "/api/orders/"+approved+"/return", map[string]any{"decision": "approve"}, 200, nil)
			if e := last(t, shop.AuditReturnApproved); e.TargetID != approved || field(e.Before, "returnStatus") != `"requested"` ||
				field(e.After, "returnStatus") != `"approved"` {
				t.Errorf("approved %+v", e)
			}
			admin.do(t, "PUT", "/api/orders/"+approved+"/return", map[string]any{"decision": "received"}, 200, nil)
			if e := last(t, shop.AuditReturnReceived); e.TargetID != approved || field(e.After, "status") != `"returned"` ||
				field(e.After, "returnStatus") != `"received"` {
				t.Errorf("received %+v", e)
			}
			admin.do(t, "PUT", "/api/orders/"+rejected+"/return", map[string]any{"decision": "reject", "note": "Worn"}, 200, nil)
			if e := last(t, shop.AuditReturnRejected); e.TargetID != rejected || field(e.Before, "status") != `"returnRequested"` ||
				field(e.After, "status") != `"delivered"` || field(e.After, "returnStatus") != `"rejected"` {
				t.Errorf("rejected %+v", e)
			}
		})
		s.step("a change of the settings, field by field", func(t *testing.T) {
			admin.do(t, "PUT", "/api/settings", map[string]any{"returnsNote": "Returns within 10 days."}, 200, nil)
			e := last(t, shop.AuditSettings)
			if field(e.After, "returnsNote") != `"Returns within 10 days."` || len(e.After) != 1 || field(e.Before, "returnsNote") == "" {
				t.Errorf("settings %+v", e)
			}
		})
		s.step("a product deleted keeps what it was", func(t *testing.T) {
			admin.do(t, "DELETE", "/api/products/"+draft.ID, nil, 200, nil)
			if e := last(t, shop.AuditProductDeleted); field(e.Before, "name") != `"Audit Tee"` || len(e.After) != 0 {
				t.Errorf("deleted %+v", e)
			}
		})
		s.step("a customer's own changes are not staff changes", func(t *testing.T) {
			c.do(t, "PUT", "/api/users/profile", map[string]any{"name": "Chitra C", "email": "customer@example.com", "mobileNo": "9000000003"}, 200, nil)
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?action="+shop.AuditUserUpdated, nil, 200, &page)
			if len(page.Entries) != 0 {
				t.Errorf("a profile edit was logged: %+v", page.Entries)
			}
		})
		s.step("filters by target and actor, newest first", func(t *testing.T) {
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?targetId="+draft.ID, nil, 200, &page)
			want := []string{shop.AuditProductDeleted, shop.AuditProductUpdated, shop.AuditProductUpdated, shop.AuditProductPublished, shop.AuditProductCreated}
			if len(page.Entries) != len(want) {
				t.Fatalf("%d entries for the product, want %d", len(page.Entries), len(want))
			}
			for i, e := range page.Entries {
				if e.Action != want[i] {
					t.Errorf("entry %d: %s, want %s", i, e.Action, want[i])
				}
			}
			admin.do(t, "GET", "/api/audit?actorId="+adminUser.ID+"&from=2000-01-01&to=2999-12-31", nil, 200, &page)
			if len(page.Entries) != 20 {
				t.Errorf("%d entries by the admin, want 20 (9 of products, users and the first order; shipped, cancelled; confirmed; 2 returns paid, delivered, 3 decisions; settings)", len(page.Entries))
			}
		})
		s.step("a refund entered by hand and a failed refund tried again; a refund settled by the gateway is no staff change", func(t *testing.T) {
			tee := stockedProduct(t, db, "Refund Tee", 49900, map[string]int{"M": 5})
			var cod placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &cod)
			admin.do(t, "PUT", "/api/orders/"+cod.Data.ID+"/pay", map[string]any{}, 200, nil)
			var o orderView
			admin.do(t, "PUT", "/api/orders/"+cod.Data.ID+"/cancel", map[string]any{"reason": "Customer asked on the phone"}, 200, &o)
			admin.do(t, "PUT", "/api/orders/"+cod.Data.ID+"/refunds/"+o.Refunds[0].ID, map[string]any{"reference": "UPI 412345678901"}, 200, nil)
			e := last(t, shop.AuditRefundEntered)
			if e.TargetID != cod.Data.ID || e.Target != cod.Data.OrderID || e.ActorID != adminUser.ID ||
				field(e.Before, "status") != `"pending"` || field(e.After, "status") != `"processed"` ||
				field(e.After, "reference") != `"UPI 412345678901"` || len(e.After) != 2 {
				t.Errorf("refund entered %+v", e)
			}

			online := h.placeOnline(t, c, tee, "M", 1)
			c.do(t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": online.RazorpayOrderID, "method": "upi"}, 200, nil)
			cancelled, err := db.CancelOrder(t.Context(), online.Data.ID, shop.Act{At: h.clock.now(), By: "Customer", Note: "Changed my mind"})
			if err != nil {
				t.Fatal(err)
			}
			failed := cancelled.Refunds[0]
			if err := db.SettleRefund(t.Context(), failed.ID, "rfnd_FAILED000001", shop.RefundFailed, h.clock.now()); err != nil {
				t.Fatal(err)
			}
			h.clock.advance(time.Hour)
			admin.do(t, "POST", "/api/orders/"+online.Data.ID+"/refunds/"+failed.ID+"/retry", nil, 200, &o)
			e = last(t, shop.AuditRefundRetried)
			if e.TargetID != online.Data.ID || field(e.Before, "refund") != `"`+failed.ID+`"` || field(e.After, "refund") != `"`+o.Refunds[1].ID+`"` ||
				field(e.Before, "status") != `"failed"` || field(e.After, "status") != `"pending"` {
				t.Errorf("refund retried %+v", e)
			}
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?targetId="+online.Data.ID, nil, 200, &page)
			if len(page.Entries) != 1 || o.Refunds[1].Status != shop.RefundProcessed {
				t.Errorf("entries of the online order: %+v; its refund settled by the gateway: %+v", page.Entries, o.Refunds)
			}
		})
		s.step("only an admin reads it, and no one edits it", func(t *testing.T) {
			maker.do(t, "GET", "/api/audit", nil, 403, nil)
			h.client(t).do(t, "GET", "/api/audit", nil, 401, nil)
			admin.do(t, "GET", "/api/audit?from=someday", nil, 400, nil)
			for _, method := range []string{"POST", "PUT", "DELETE"} {
				admin.do(t, method, "/api/audit", map[string]any{}, 404, nil)
			}
		})
	})
}
