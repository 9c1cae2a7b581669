-- Mail waiting to be sent. A row is written in the same transaction as the
-- change that causes it (an order, a one-time code, a new password, an
-- e-mail address changed by the shop), so a crash never loses it, and a
-- background sender sends it, so a slow or failing mail server never holds
-- a request. It names its template and holds the data the template reads,
-- as JSON; once the mail is sent or given up the data is erased, for it may
-- hold a code or a password.

-- +goose Up
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    template        TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    data            TEXT NOT NULL,
    -- Tries so far, counted when a sender claims the mail.
    attempts        INTEGER NOT NULL DEFAULT 0,
    -- When a sender may take the mail: 0 for new mail, due at once whatever
    -- the sending instance's clock; once claimed, the end of the claim's
    -- lease; after a failed try, the time of the next.
    next_attempt_at BIGINT NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    sent_at         BIGINT,
    failed_at       BIGINT
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, created_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- +goose Down
DROP TABLE mail_outbox;
