-- Refunds sent to the payment gateway (issue 19). A sender claims a refund
-- for a while (next_attempt_at), as the mail outbox's senders claim mail,
-- so that one sender of one instance asks for it at a time, outside any
-- transaction. Each claim is counted (attempts) before the gateway is
-- asked, so a later claim knows an earlier one may have reached it, even
-- if that sender's process ended, and looks the refund up first. A failed
-- refund an admin tries again is replaced by a new one (replaced_by), with
-- a new id, for the gateway keeps the failed one under the old.

-- +goose Up
ALTER TABLE refunds ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE refunds ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE refunds ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN replaced_by TEXT NOT NULL DEFAULT '';
-- A refund left pending before this migration may have reached the gateway.
UPDATE refunds SET attempts = 1 WHERE method = 'gateway' AND status = 'pending';
CREATE INDEX refunds_due ON refunds (next_attempt_at, created_at) WHERE method = 'gateway' AND status = 'pending';
CREATE INDEX refunds_failed ON refunds (order_id) WHERE status = 'failed' AND replaced_by = '';

-- +goose Down
DROP INDEX refunds_failed;
DROP INDEX refunds_due;
ALTER TABLE refunds DROP COLUMN replaced_by;
ALTER TABLE refunds DROP COLUMN last_error;
ALTER TABLE refunds DROP COLUMN next_attempt_at;
ALTER TABLE refunds DROP COLUMN attempts;
