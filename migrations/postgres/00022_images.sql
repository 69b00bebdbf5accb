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
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  BIGINT REFERENCES users (id) ON DELETE CASCADE,
    business_id BIGINT REFERENCES businesses (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('logo', 'photo')),
    picture     TEXT NOT NULL,
    hash        TEXT NOT NULL,
    alt         TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL DEFAULT 0,
    cover       BOOLEAN NOT NULL DEFAULT FALSE,
    uploaded_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX listing_images_business_idx ON listing_images (business_id, kind, position);
CREATE INDEX listing_images_pending_idx ON listing_images (account_id, created_at) WHERE business_id IS NULL;
CREATE INDEX listing_images_hash_idx ON listing_images (hash);
CREATE UNIQUE INDEX listing_images_one_logo_idx ON listing_images (business_id) WHERE kind = 'logo';
CREATE UNIQUE INDEX listing_images_one_cover_idx ON listing_images (business_id) WHERE cover;

-- An image an administrator removed from a listing, and why (the owner is
-- emailed the reason).
CREATE TABLE listing_image_removals (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT REFERENCES businesses (id) ON DELETE SET NULL,
    kind        TEXT NOT NULL,
    picture     TEXT NOT NULL,
    alt         TEXT NOT NULL DEFAULT '',
    reason      TEXT NOT NULL,
    removed_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    removed_at  TIMESTAMPTZ NOT NULL
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
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v   BIGINT;
    ids BIGINT[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(id) INTO ids FROM old_rows;
    ELSE
        SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.published, o.slug, o.name, o.tagline, o.description, o.tags, o.sub_category, o.category, o.city, o.state,
               o.business_type, o.rating, o.review_count, o.featured, o.verified, o.claimed, o.phone, o.show_phone, o.logo)
           IS DISTINCT FROM
              (n.published, n.slug, n.name, n.tagline, n.description, n.tags, n.sub_category, n.category, n.city, n.state,
               n.business_type, n.rating, n.review_count, n.featured, n.verified, n.claimed, n.phone, n.show_phone, n.logo);
    END IF;
    IF ids IS NOT NULL THEN
        UPDATE directory_state SET version = version + 1 RETURNING version INTO v;
        INSERT INTO directory_changes (version, business_id) SELECT v, unnest(ids);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v   BIGINT;
    ids BIGINT[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(id) INTO ids FROM old_rows;
    ELSE
        SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.published, o.slug, o.name, o.tagline, o.description, o.tags, o.sub_category, o.category, o.city, o.state,
               o.business_type, o.rating, o.review_count, o.featured, o.verified, o.claimed, o.phone, o.show_phone)
           IS DISTINCT FROM
              (n.published, n.slug, n.name, n.tagline, n.description, n.tags, n.sub_category, n.category, n.city, n.state,
               n.business_type, n.rating, n.review_count, n.featured, n.verified, n.claimed, n.phone, n.show_phone);
    END IF;
    IF ids IS NOT NULL THEN
        UPDATE directory_state SET version = version + 1 RETURNING version INTO v;
        INSERT INTO directory_changes (version, business_id) SELECT v, unnest(ids);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
ALTER TABLE businesses DROP COLUMN shown_photos;
ALTER TABLE businesses DROP COLUMN accent_color;
ALTER TABLE businesses DROP COLUMN logo;
DROP TABLE listing_image_removals;
DROP TABLE listing_images;
