-- Accounts: signing in with a one-time code, an address book, and telling an
-- ended session why it ended.

-- +goose Up

-- A third purpose of a code, signing in ('login'). SQLite cannot change a
-- CHECK constraint, so the table is made anew on both databases. For a
-- sign-in code, email is the account's address, or the name typed when no
-- account has it, so that an unknown name is answered as a known one.
CREATE TABLE otp_codes_new (
    email       TEXT NOT NULL,
    req_type    TEXT NOT NULL CHECK (req_type IN ('register', 'resetPassword', 'login')),
    code_hash   TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    verified_at BIGINT,
    PRIMARY KEY (email, req_type)
);
INSERT INTO otp_codes_new (email, req_type, code_hash, attempts, sent_at, expires_at, verified_at)
    SELECT email, req_type, code_hash, attempts, sent_at, expires_at, verified_at FROM otp_codes;
DROP TABLE otp_codes;
ALTER TABLE otp_codes_new RENAME TO otp_codes;

-- The addresses a customer keeps with the account (SPEC.md §3's shipping
-- address), one of them the default while any is kept.
CREATE TABLE addresses (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    shipping_name         TEXT NOT NULL,
    shipping_email        TEXT NOT NULL,
    shipping_phone        TEXT NOT NULL,
    address               TEXT NOT NULL,
    city                  TEXT NOT NULL,
    district              TEXT NOT NULL,
    state                 TEXT NOT NULL,
    pin_code              TEXT NOT NULL,
    landmark              TEXT NOT NULL DEFAULT '',
    shipping_note         TEXT NOT NULL DEFAULT '',
    is_default            BOOLEAN NOT NULL DEFAULT FALSE,
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, updated_at);
CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default;

-- Sessions ended before their time by a change of password or e-mail: kept
-- until they would have expired, so the next request with one is told why
-- it was signed out, not only that it was.
CREATE TABLE ended_sessions (
    token_hash TEXT PRIMARY KEY,
    reason     TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX ended_sessions_expiry ON ended_sessions (expires_at);

-- +goose Down
DROP TABLE ended_sessions;
DROP TABLE addresses;
DELETE FROM otp_codes WHERE req_type = 'login';
CREATE TABLE otp_codes_old (
    email       TEXT NOT NULL,
    req_type    TEXT NOT NULL CHECK (req_type IN ('register', 'resetPassword')),
    code_hash   TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    verified_at BIGINT,
    PRIMARY KEY (email, req_type)
);
INSERT INTO otp_codes_old SELECT email, req_type, code_hash, attempts, sent_at, expires_at, verified_at FROM otp_codes;
DROP TABLE otp_codes;
ALTER TABLE otp_codes_old RENAME TO otp_codes;
