-- +goose Up
-- Directory search: an FTS5 index with the trigram tokenizer finds any
-- substring (3+ characters) of name, description, tags and sub-category
-- without scanning, case-insensitively. It mirrors the businesses table
-- through triggers.
CREATE VIRTUAL TABLE businesses_fts USING fts5(
    name, description, tags, sub_category,
    content = 'businesses', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO businesses_fts (rowid, name, description, tags, sub_category)
    SELECT id, name, description, tags, sub_category FROM businesses;

-- The location filter (a substring of "city, state") goes through a second
-- trigram index, queried with LIKE: FTS5 finds the candidates and SQLite
-- re-checks the LIKE, so the rule stays exactly LIKE's. It keeps its own
-- copy of "city, state" (detail=none: LIKE needs no positions), so that
-- re-check reads this small table rather than the listings.
CREATE VIRTUAL TABLE businesses_location_fts USING fts5(
    location, tokenize = 'trigram', detail = 'none'
);
INSERT INTO businesses_location_fts (rowid, location)
    SELECT id, city || ', ' || state FROM businesses;

-- +goose StatementBegin
CREATE TRIGGER businesses_fts_insert AFTER INSERT ON businesses BEGIN
    INSERT INTO businesses_fts (rowid, name, description, tags, sub_category)
    VALUES (new.id, new.name, new.description, new.tags, new.sub_category);
    INSERT INTO businesses_location_fts (rowid, location) VALUES (new.id, new.city || ', ' || new.state);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER businesses_fts_delete AFTER DELETE ON businesses BEGIN
    INSERT INTO businesses_fts (businesses_fts, rowid, name, description, tags, sub_category)
    VALUES ('delete', old.id, old.name, old.description, old.tags, old.sub_category);
    DELETE FROM businesses_location_fts WHERE rowid = old.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER businesses_fts_update AFTER UPDATE OF name, description, tags, sub_category ON businesses BEGIN
    INSERT INTO businesses_fts (businesses_fts, rowid, name, description, tags, sub_category)
    VALUES ('delete', old.id, old.name, old.description, old.tags, old.sub_category);
    INSERT INTO businesses_fts (rowid, name, description, tags, sub_category)
    VALUES (new.id, new.name, new.description, new.tags, new.sub_category);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER businesses_location_fts_update AFTER UPDATE OF city, state ON businesses BEGIN
    UPDATE businesses_location_fts SET location = new.city || ', ' || new.state WHERE rowid = new.id;
END;
-- +goose StatementEnd

-- A search by text or location finds its matches by id, then needs their
-- sort keys: this index holds them, a fraction of a listing's width.
CREATE INDEX businesses_sort_keys_idx ON businesses (id, published, featured, rating, review_count, name, tags, sub_category);

-- Filters and sorts of the directory, all among published listings. Each
-- sort has an index in its full order (rowid, the last tie-break, is
-- implied), so a page reads only its own rows; so have a category's
-- default and rating orders. The category's index also holds every sort
-- key, so a text search within a category reads no listing it does not
-- show.
CREATE INDEX businesses_published_category_idx ON businesses (published, category, featured DESC, rating DESC, review_count DESC, name COLLATE NOCASE, tags, sub_category);
CREATE INDEX businesses_published_category_rating_idx ON businesses (published, category, rating DESC, review_count DESC, name COLLATE NOCASE);
CREATE INDEX businesses_published_rating_idx ON businesses (published, rating DESC, review_count DESC, name COLLATE NOCASE);
CREATE INDEX businesses_published_reviews_idx ON businesses (published, review_count DESC, rating DESC, name COLLATE NOCASE);
CREATE INDEX businesses_published_name_idx ON businesses (published, name COLLATE NOCASE);
CREATE INDEX businesses_published_featured_idx ON businesses (published, featured DESC, rating DESC, review_count DESC, name COLLATE NOCASE);

-- +goose Down
DROP INDEX businesses_published_featured_idx;
DROP INDEX businesses_published_name_idx;
DROP INDEX businesses_published_reviews_idx;
DROP INDEX businesses_published_rating_idx;
DROP INDEX businesses_published_category_rating_idx;
DROP INDEX businesses_published_category_idx;
DROP INDEX businesses_sort_keys_idx;
DROP TRIGGER businesses_location_fts_update;
DROP TRIGGER businesses_fts_update;
DROP TRIGGER businesses_fts_delete;
DROP TRIGGER businesses_fts_insert;
DROP TABLE businesses_location_fts;
DROP TABLE businesses_fts;
