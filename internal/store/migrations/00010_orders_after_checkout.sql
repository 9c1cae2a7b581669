-- Orders after checkout (issue 19): the statuses an order passes through,
-- its history, its shipment, its return and its refunds.

-- +goose Up

-- stage is the order's status (shop.Status*). status stays what it was,
-- 'placed' for an order that stands and 'cancelled' for one that does not,
-- because SQLite cannot widen its CHECK constraint without making the table
-- anew, which would cascade into order_items and payments; the queries of
-- open orders and of the expiry job read it as before.
ALTER TABLE orders ADD COLUMN stage TEXT NOT NULL DEFAULT 'placed';
UPDATE orders SET stage = CASE
    WHEN status = 'cancelled' THEN 'expired'
    WHEN is_delivered = TRUE THEN 'delivered'
    WHEN payment_method = 'Razorpay' AND is_paid = FALSE THEN 'awaitingPayment'
    ELSE 'placed' END;
ALTER TABLE orders ADD COLUMN courier TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_number TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_url TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN shipped_at BIGINT;
-- One return per order: its state, what and why, and the admin's note.
ALTER TABLE orders ADD COLUMN return_status TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN return_items TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN return_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN return_note TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN return_requested_at BIGINT;
-- The hash of the token in the e-mailed link that confirms a COD order.
ALTER TABLE orders ADD COLUMN confirm_token_hash TEXT;
CREATE UNIQUE INDEX orders_confirm_token ON orders (confirm_token_hash);
-- The order lists read a page newest first, of all orders or of one status,
-- and count what needs action.
CREATE INDEX orders_stage ON orders (stage, created_at, order_no);
CREATE INDEX orders_newest ON orders (created_at, order_no);

CREATE TABLE order_history (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    status     TEXT NOT NULL,
    at         BIGINT NOT NULL,
    by_name    TEXT NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    UNIQUE (order_id, position)
);

-- A refund is recorded before the gateway is asked for it, so that a retry
-- after a failure that may have reached the gateway looks it up by this id
-- (sent as the refund's receipt) instead of refunding twice.
CREATE TABLE refunds (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    method      TEXT NOT NULL CHECK (method IN ('gateway', 'manual')),
    amount_paise BIGINT NOT NULL CHECK (amount_paise > 0),
    status      TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'processed', 'failed')),
    reference   TEXT NOT NULL DEFAULT '',
    payment_id  TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);
CREATE INDEX refunds_status ON refunds (status, method);

-- +goose Down
DROP TABLE refunds;
DROP TABLE order_history;
DROP INDEX orders_newest;
DROP INDEX orders_stage;
DROP INDEX orders_confirm_token;
ALTER TABLE orders DROP COLUMN confirm_token_hash;
ALTER TABLE orders DROP COLUMN return_requested_at;
ALTER TABLE orders DROP COLUMN return_note;
ALTER TABLE orders DROP COLUMN return_reason;
ALTER TABLE orders DROP COLUMN return_items;
ALTER TABLE orders DROP COLUMN return_status;
ALTER TABLE orders DROP COLUMN shipped_at;
ALTER TABLE orders DROP COLUMN tracking_url;
ALTER TABLE orders DROP COLUMN tracking_number;
ALTER TABLE orders DROP COLUMN courier;
ALTER TABLE orders DROP COLUMN stage;
