-- Who changed what in the shop: every admin's and manufacturer's change to
-- products, stock, users, roles and orders, written in the same transaction
-- as the change. Rows are only ever added: no route edits or deletes them.
-- before and after are JSON objects of the fields that changed.

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

-- +goose Down
DROP TABLE audit_log;
