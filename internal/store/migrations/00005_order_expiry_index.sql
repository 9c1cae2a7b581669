-- The expiry job claims one due order at a time (claimEach): each claim
-- finds the next unpaid, placed order past its hold through this index,
-- not by reading every order.

-- +goose Up
CREATE INDEX orders_payment_due ON orders (status, is_paid, payment_due_at);

-- +goose Down
DROP INDEX orders_payment_due;
