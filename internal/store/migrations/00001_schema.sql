-- The whole schema of SPEC.md §3. One file serves SQLite and PostgreSQL, so it
-- sticks to their common SQL: TEXT ids made by the application, BIGINT money
-- in paise, and times as BIGINT Unix milliseconds.

-- +goose Up
CREATE TABLE users (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    email             TEXT NOT NULL UNIQUE,
    email_verified    BOOLEAN NOT NULL DEFAULT FALSE,
    mobile_no         TEXT NOT NULL UNIQUE,
    password_hash     TEXT NOT NULL,
    role              TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin', 'manufacturer')),
    last_login_at     BIGINT,
    previous_login_at BIGINT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE otp_codes (
    email       TEXT NOT NULL,
    req_type    TEXT NOT NULL CHECK (req_type IN ('register', 'resetPassword')),
    code_hash   TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    verified_at BIGINT,
    PRIMARY KEY (email, req_type)
);

CREATE TABLE products (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL DEFAULT '',
    description  TEXT NOT NULL DEFAULT '',
    price_paise  BIGINT NOT NULL DEFAULT 0 CHECK (price_paise >= 0),
    rating_total INTEGER NOT NULL DEFAULT 0,
    num_reviews  INTEGER NOT NULL DEFAULT 0,
    total_sold   INTEGER NOT NULL DEFAULT 0 CHECK (total_sold >= 0),
    -- A product created empty by an admin stays a draft, hidden from the
    -- storefront, until it has a name, a price and a variant with an image.
    published    BOOLEAN NOT NULL DEFAULT FALSE,
    -- Lowercased name, tags and description, made in Go (shop.SearchText) so
    -- both databases match keywords the same way.
    search_text  TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX products_newest ON products (published, created_at, id);

CREATE TABLE product_tags (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    tag        TEXT NOT NULL,
    PRIMARY KEY (product_id, tag)
);
CREATE INDEX product_tags_tag ON product_tags (tag);

CREATE TABLE variants (
    id           TEXT PRIMARY KEY,
    product_id   TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    variant_name TEXT NOT NULL
);
CREATE INDEX variants_product ON variants (product_id, position);

CREATE TABLE variant_images (
    variant_id TEXT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    path       TEXT NOT NULL,
    PRIMARY KEY (variant_id, position)
);

CREATE TABLE sizes (
    id         TEXT PRIMARY KEY,
    variant_id TEXT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    size       TEXT NOT NULL,
    stock      INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
    UNIQUE (variant_id, size)
);
CREATE INDEX sizes_variant ON sizes (variant_id, position);

CREATE TABLE reviews (
    id         TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    name       TEXT NOT NULL,
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment    TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_product ON reviews (product_id, created_at);
CREATE UNIQUE INDEX reviews_one_per_user ON reviews (product_id, user_id);

-- Named counters, such as the next human-readable order number.
CREATE TABLE counters (
    name  TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('order_no', 100000);

CREATE TABLE orders (
    id                    TEXT PRIMARY KEY,
    order_no              BIGINT NOT NULL UNIQUE,
    user_id               TEXT REFERENCES users (id) ON DELETE SET NULL,
    user_name             TEXT NOT NULL,
    user_email            TEXT NOT NULL,
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
    payment_method        TEXT NOT NULL CHECK (payment_method IN ('Razorpay', 'COD')),
    items_paise           BIGINT NOT NULL,
    shipping_paise        BIGINT NOT NULL,
    secure_fee_paise      BIGINT NOT NULL,
    discount_paise        BIGINT NOT NULL,
    pre_order_fee_paise   BIGINT NOT NULL DEFAULT 0,
    total_paise           BIGINT NOT NULL,
    status                TEXT NOT NULL DEFAULT 'placed' CHECK (status IN ('placed', 'cancelled')),
    is_paid               BOOLEAN NOT NULL DEFAULT FALSE,
    paid_at               BIGINT,
    is_delivered          BOOLEAN NOT NULL DEFAULT FALSE,
    delivered_at          BIGINT,
    mfg_date              BIGINT,
    -- Until when the stock of an unpaid online order is held.
    payment_due_at        BIGINT,
    idempotency_key       TEXT,
    created_at            BIGINT NOT NULL,
    UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_created ON orders (created_at);

-- Order lines keep their own copies of what was bought, so editing or deleting
-- a product never changes a past order; hence no foreign keys to the catalogue.
CREATE TABLE order_items (
    id            TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    product_id    TEXT NOT NULL,
    variant_id    TEXT NOT NULL,
    size_id       TEXT NOT NULL,
    name          TEXT NOT NULL,
    variant_color TEXT NOT NULL,
    size          TEXT NOT NULL,
    image         TEXT NOT NULL,
    qty           INTEGER NOT NULL CHECK (qty > 0),
    price_paise   BIGINT NOT NULL,
    pre_order     BOOLEAN NOT NULL DEFAULT FALSE,
    mfg_date      BIGINT
);
CREATE INDEX order_items_order ON order_items (order_id, position);

CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    provider            TEXT NOT NULL,
    provider_order_id   TEXT NOT NULL UNIQUE,
    provider_payment_id TEXT UNIQUE,
    amount_paise        BIGINT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('created', 'paid', 'failed')),
    -- A payment that arrived after its order expired is kept and flagged for
    -- an admin to refund, never lost.
    flagged             BOOLEAN NOT NULL DEFAULT FALSE,
    created_at          BIGINT NOT NULL,
    paid_at             BIGINT
);
CREATE INDEX payments_order ON payments (order_id);

-- +goose Down
DROP TABLE payments;
DROP TABLE order_items;
DROP TABLE orders;
DROP TABLE counters;
DROP TABLE reviews;
DROP TABLE sizes;
DROP TABLE variant_images;
DROP TABLE variants;
DROP TABLE product_tags;
DROP TABLE products;
DROP TABLE otp_codes;
DROP TABLE sessions;
DROP TABLE users;
