-- What each instance's search mirror (store/searchmirror.go) must reload:
-- every change to what search ranks a product by (its words, its being
-- shown, its rating, its being in stock at all) takes the next revision
-- from the one row of search_revision, in the change's own transaction,
-- and writes it beside the product in search_changes. The row's lock is
-- held until commit, so revisions commit in order: a mirror that has read
-- every change up to the revision it saw has missed none.

-- +goose Up
CREATE TABLE search_revision (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    rev BIGINT NOT NULL
);
INSERT INTO search_revision (id, rev) VALUES (1, 0);

-- Not tied to products: a deleted product's row tells the mirrors to drop it.
CREATE TABLE search_changes (
    product_id TEXT PRIMARY KEY,
    rev        BIGINT NOT NULL
);
CREATE INDEX search_changes_rev ON search_changes (rev);

-- +goose Down
DROP TABLE search_changes;
DROP TABLE search_revision;
