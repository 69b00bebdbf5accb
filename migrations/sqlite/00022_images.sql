-- +goose Up
-- Logos and photos of listings (issue 22). The files live in storage
-- (storage/: a folder under DATA_DIR, or an S3-compatible bucket) as
-- resized variants under content-hash names; a row here says which image a
-- listing shows, where and how it is described.
--
-- picture describes the stored variants ("<hash>.<ext> <w>x<h> <widths>",
-- store.Picture); hash repeats its content hash so the storage's files are
-- deleted only when no row uses them any more. A row without business_id is
-- an upload not yet part of a listing (the wizard's, or a form sent back
-- with an error): it belongs to the account and is pruned after a day.
-- account_id is the account that uploaded the image (NULL for the sample
-- data's images of listings nobody owns).
-- A listing has at most one logo and one cover photo; photos show in
-- position order, and only with their alt text.
CREATE TABLE listing_images (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id  INTEGER REFERENCES users (id) ON DELETE CASCADE,
    business_id INTEGER REFERENCES businesses (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('logo', 'photo')),
    picture     TEXT NOT NULL,
    hash        TEXT NOT NULL,
    alt         TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL DEFAULT 0,
    cover       BOOLEAN NOT NULL DEFAULT FALSE,
    uploaded_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX listing_images_business_idx ON listing_images (business_id, kind, position);
CREATE INDEX listing_images_pending_idx ON listing_images (account_id, created_at) WHERE business_id IS NULL;
CREATE INDEX listing_images_hash_idx ON listing_images (hash);
CREATE UNIQUE INDEX listing_images_one_logo_idx ON listing_images (business_id) WHERE kind = 'logo';
CREATE UNIQUE INDEX listing_images_one_cover_idx ON listing_images (business_id) WHERE cover;

-- An image an administrator removed from a listing, and why (the owner is
-- emailed the reason).
CREATE TABLE listing_image_removals (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER REFERENCES businesses (id) ON DELETE SET NULL,
    kind        TEXT NOT NULL,
    picture     TEXT NOT NULL,
    alt         TEXT NOT NULL DEFAULT '',
    reason      TEXT NOT NULL,
    removed_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    removed_at  TIMESTAMP NOT NULL
);
CREATE INDEX listing_image_removals_business_idx ON listing_image_removals (business_id, removed_at);

-- What cards show without reading listing_images: the logo's picture
-- (kept by the store with the rows, '' for none); and the accent colour of
-- Growth and Pro's custom branding ('' for none).
ALTER TABLE businesses ADD COLUMN logo TEXT NOT NULL DEFAULT '';
ALTER TABLE businesses ADD COLUMN accent_color TEXT NOT NULL DEFAULT '';
-- How many photos the listing's page may show (described ones): a page of
-- a listing without any reads no image rows.
ALTER TABLE businesses ADD COLUMN shown_photos INTEGER NOT NULL DEFAULT 0;

-- Directory cards show the logo: a new one is a change the index follows.
DROP TRIGGER directory_listing_changed;
-- +goose StatementBegin
CREATE TRIGGER directory_listing_changed AFTER UPDATE OF
    published, slug, name, tagline, description, tags, sub_category, category, city, state,
    business_type, rating, review_count, featured, verified, claimed, phone, show_phone, logo ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, new.id FROM directory_state;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER directory_listing_changed;
-- +goose StatementBegin
CREATE TRIGGER directory_listing_changed AFTER UPDATE OF
    published, slug, name, tagline, description, tags, sub_category, category, city, state,
    business_type, rating, review_count, featured, verified, claimed, phone, show_phone ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, new.id FROM directory_state;
END;
-- +goose StatementEnd
ALTER TABLE businesses DROP COLUMN shown_photos;
ALTER TABLE businesses DROP COLUMN accent_color;
ALTER TABLE businesses DROP COLUMN logo;
DROP TABLE listing_image_removals;
DROP TABLE listing_images;
