-- One number that every change to the storefront's catalogue (products, stock,
-- reviews) raises, so instances sharing a PostgreSQL database can tell when
-- their cached catalogue answers are stale. A single SQLite instance keeps
-- its count in memory and never reads this.

-- +goose Up
CREATE TABLE catalogue_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

-- +goose Down
DROP TABLE catalogue_version;
