package shop

import (
	"encoding/json"
	"time"
)

// Actions an audit entry records.
const (
	AuditProductCreated   = "product.created"
	AuditProductUpdated   = "product.updated"
	AuditProductPublished = "product.published"
	AuditProductDeleted   = "product.deleted"
	AuditProductImported  = "product.imported"
	AuditUserUpdated      = "user.updated"
	AuditUserRole         = "user.role"
	AuditUserDeleted      = "user.deleted"
	AuditOrderPaid        = "order.paid"
	AuditOrderDelivered   = "order.delivered"
	AuditOrderMade        = "order.manufactured"
	AuditOrderConfirmed   = "order.confirmed"
	AuditOrderShipped     = "order.shipped"
	AuditOrderCancelled   = "order.cancelled"
	AuditReturnApproved   = "order.returnApproved"
	AuditReturnRejected   = "order.returnRejected"
	AuditReturnReceived   = "order.returnReceived"
	AuditRefundEntered    = "order.refundEntered"
	AuditRefundRetried    = "order.refundRetried"
	AuditSettings         = "settings.updated"
)

// AuditPageSize is how many entries a page of the audit log holds.
const AuditPageSize = 25

// Actor is the admin or manufacturer making a change, and from where.
type Actor struct {
	ID      string
	Name    string
	Role    Role
	Address string
}

// AuditEntry is one recorded change. Before and After hold only the fields
// that changed.
type AuditEntry struct {
	ID         string          `json:"_id"`
	At         time.Time       `json:"at"`
	ActorID    string          `json:"actorId"`
	ActorName  string          `json:"actorName"`
	ActorRole  Role            `json:"actorRole"`
	Address    string          `json:"address"`
	Action     string          `json:"action"`
	TargetType string          `json:"targetType"`
	TargetID   string          `json:"targetId"`
	Target     string          `json:"target"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
}

// AuditFilter narrows the audit log; empty fields match everything. To is
// exclusive.
type AuditFilter struct {
	Action   string
	ActorID  string
	TargetID string
	From, To time.Time
}

// AuditPage is one page of the audit log, newest first.
type AuditPage struct {
	Entries []AuditEntry `json:"entries"`
	Page    int          `json:"page"`
	Pages   int          `json:"pages"`
}

// Changed keeps of before and after only the fields whose values differ,
// so an entry says what changed and nothing else.
func Changed(before, after map[string]any) (map[string]any, map[string]any) {
	b, a := map[string]any{}, map[string]any{}
	for k, v := range before {
		if !sameJSON(v, after[k]) {
			b[k] = v
		}
	}
	for k, v := range after {
		if !sameJSON(v, before[k]) {
			a[k] = v
		}
	}
	return b, a
}

func sameJSON(x, y any) bool {
	bx, err1 := json.Marshal(x)
	by, err2 := json.Marshal(y)
	return err1 == nil && err2 == nil && string(bx) == string(by)
}
