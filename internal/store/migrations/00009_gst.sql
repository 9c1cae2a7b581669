-- GST (issue 20): each product's HSN code, copied onto the order lines
-- that sell it; the tax invoices and credit notes the shop issues, each
-- kept as issued (the seller's details and the tax breakup as JSON) so that
-- a later change of settings never changes a document already sent. Their
-- numbers come from counters named '<kind>/<financial year>', taken in the
-- transaction of the change that issues them: no gaps, no repeats.

-- +goose Up
ALTER TABLE products ADD COLUMN hsn TEXT NOT NULL DEFAULT '6109';
ALTER TABLE order_items ADD COLUMN hsn TEXT NOT NULL DEFAULT '6109';

CREATE TABLE tax_documents (
    id             TEXT PRIMARY KEY,
    order_id       TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
    number         TEXT NOT NULL UNIQUE,
    financial_year TEXT NOT NULL,
    seq            BIGINT NOT NULL,
    issued_at      BIGINT NOT NULL,
    reason         TEXT NOT NULL DEFAULT '',
    seller         TEXT NOT NULL,
    breakup        TEXT NOT NULL,
    UNIQUE (kind, financial_year, seq)
);
CREATE UNIQUE INDEX tax_documents_one_invoice ON tax_documents (order_id) WHERE kind = 'invoice';
CREATE INDEX tax_documents_order ON tax_documents (order_id, issued_at);
CREATE INDEX tax_documents_issued ON tax_documents (issued_at);

-- +goose Down
DROP TABLE tax_documents;
ALTER TABLE order_items DROP COLUMN hsn;
ALTER TABLE products DROP COLUMN hsn;
