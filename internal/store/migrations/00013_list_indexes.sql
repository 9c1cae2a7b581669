-- Indexes that walk each product list in its order, so that any page, the
-- last of 100,000 products too, is found by skipping index entries rather
-- than by sorting the table (store.orderBy names the orders): the prices
-- both ways, the average rating written as its ORDER BY writes it, the
-- admin's list of every product with drafts, and the admin's user list.

-- +goose Up
CREATE INDEX products_price_asc ON products (published, price_paise, created_at DESC, id DESC);
CREATE INDEX products_price_desc ON products (published, price_paise DESC, created_at DESC, id DESC);
CREATE INDEX products_rating ON products (published,
    (CASE WHEN num_reviews = 0 THEN 0 ELSE rating_total * 1000 / num_reviews END) DESC,
    num_reviews DESC, created_at DESC, id DESC);
CREATE INDEX products_created ON products (created_at, id);
CREATE INDEX users_created ON users (created_at, id);

-- +goose Down
DROP INDEX users_created;
DROP INDEX products_created;
DROP INDEX products_rating;
DROP INDEX products_price_desc;
DROP INDEX products_price_asc;
