-- The search index: each product's words (shop.SearchDocument.SearchTerms,
-- made in Go so both databases match alike) with the weight of the best
-- place each appears, and every word ever indexed, for typo correction.
-- Words are bytes (BYTEA: a blob on SQLite) so that a prefix is a range
-- compared byte by byte on both, whatever PostgreSQL's collation.
-- store.reindexSearch fills the index for products stored before it.

-- +goose Up
CREATE TABLE search_terms (
    term       BYTEA NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    weight     INTEGER NOT NULL,
    PRIMARY KEY (term, product_id)
);
CREATE INDEX search_terms_product ON search_terms (product_id);
CREATE INDEX search_terms_lookup ON search_terms (term, product_id, weight);

CREATE TABLE search_words (
    term BYTEA PRIMARY KEY
);

-- +goose Down
DROP TABLE search_words;
DROP TABLE search_terms;
