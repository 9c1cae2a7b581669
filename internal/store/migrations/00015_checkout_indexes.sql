-- Checkout is the shop's busiest write, and every index of orders is one
-- more page it writes. Whether a customer has had an order delivered
-- decides if a COD order must be confirmed (store.firstStatus), at every
-- COD checkout: without an index the question walks all of the customer's
-- orders. orders_created goes: orders_newest (created_at, order_no) and
-- orders_sales start with the same column and serve every query it did.

-- +goose Up
CREATE INDEX orders_user_delivered ON orders (user_id) WHERE is_delivered;
DROP INDEX orders_created;

-- +goose Down
CREATE INDEX orders_created ON orders (created_at);
DROP INDEX orders_user_delivered;
