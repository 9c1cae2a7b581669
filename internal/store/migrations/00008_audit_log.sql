-- Who changed what in the shop: every admin's and manufacturer's change to
-- products, stock, users, roles and orders, written in the same transaction
-- as the change. Rows are only ever added: no route edits or deletes them.
-- before and after are JSON objects of the fields that changed. The
-- indexes after it serve the admin's dashboard.

-- +goose Up
CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    at          BIGINT NOT NULL,
    actor_id    TEXT NOT NULL,
    actor_name  TEXT NOT NULL,
    actor_role  TEXT NOT NULL,
    address     TEXT NOT NULL,
    action      TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id   TEXT NOT NULL,
    target      TEXT NOT NULL,
    before      TEXT NOT NULL,
    after       TEXT NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at, id);
CREATE INDEX audit_log_action ON audit_log (action, at);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at);
CREATE INDEX audit_log_target ON audit_log (target_id, at);

-- The dashboard's figures (store/reports.go) read only these indexes on
-- 100,000 orders: the sales of a window by their day, the lines of those
-- orders, and the few orders and lines still waiting for the shop.
CREATE INDEX orders_sales ON orders (created_at, status, payment_method, is_paid, total_paise, id);
CREATE INDEX order_items_sales ON order_items (order_id, product_id, size_id, qty, price_paise, name);
CREATE INDEX orders_undelivered ON orders (status, payment_method, is_paid) WHERE NOT is_delivered;
CREATE INDEX order_items_to_make ON order_items (order_id) WHERE pre_order AND mfg_date IS NULL;

-- +goose Down
DROP INDEX order_items_to_make;
DROP INDEX orders_undelivered;
DROP INDEX order_items_sales;
DROP INDEX orders_sales;
DROP TABLE audit_log;
