-- Why a payment is flagged for an admin: it arrived after its order expired,
-- or the provider reported an amount, currency or status that does not match
-- the order.

-- +goose Up
ALTER TABLE payments ADD COLUMN flag_reason TEXT NOT NULL DEFAULT '';
UPDATE payments SET flag_reason = 'The payment arrived after the order expired: refund it, or restore the order, from the payment provider''s dashboard.' WHERE flagged;

-- +goose Down
ALTER TABLE payments DROP COLUMN flag_reason;
