-- The manufacturer's pre-order list (store.PreOrders) starts from the few
-- order lines that are pre-orders, not from every order.

-- +goose Up
CREATE INDEX order_items_pre_order ON order_items (order_id) WHERE pre_order;

-- +goose Down
DROP INDEX order_items_pre_order;
