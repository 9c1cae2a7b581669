-- The manufacturer's pre-order list (store.PreOrders) reads the few orders
-- with a pre-order line. Asked through order_items, PostgreSQL's planner
-- scans every order for them; an order that says so itself, with an index
-- of just those, is found directly on both databases.

-- +goose Up
ALTER TABLE orders ADD COLUMN has_pre_order BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE orders SET has_pre_order = TRUE WHERE id IN (SELECT order_id FROM order_items WHERE pre_order);
CREATE INDEX orders_pre_order ON orders (created_at) WHERE has_pre_order;

-- +goose Down
DROP INDEX orders_pre_order;
ALTER TABLE orders DROP COLUMN has_pre_order;
