-- The owner's settings from the Store Settings screen: one JSON document,
-- so that a feature adding a setting adds a field to shop.Settings and no
-- migration.

-- +goose Up
CREATE TABLE settings (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    document   TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE settings;
