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

-- +goose StatementBegin
CREATE TRIGGER businesses_fts_insert AFTER INSERT ON businesses BEGIN
    INSERT INTO businesses_fts (rowid, name, description, tags, sub_category)
    VALUES (new.id, new.name, new.description, new.tags, new.sub_category);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER businesses_fts_delete AFTER DELETE ON businesses BEGIN
    INSERT INTO businesses_fts (businesses_fts, rowid, name, description, tags, sub_category)
    VALUES ('delete', old.id, old.name, old.description, old.tags, old.sub_category);
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

-- Filters and sorts of the directory, all among published listings.
CREATE INDEX businesses_published_category_idx ON businesses (published, category);
CREATE INDEX businesses_published_rating_idx ON businesses (published, rating DESC, review_count DESC);
CREATE INDEX businesses_published_reviews_idx ON businesses (published, review_count DESC);
CREATE INDEX businesses_published_name_idx ON businesses (published, name COLLATE NOCASE);
CREATE INDEX businesses_published_featured_idx ON businesses (published, featured DESC, rating DESC);

-- +goose Down
DROP INDEX businesses_published_featured_idx;
DROP INDEX businesses_published_name_idx;
DROP INDEX businesses_published_reviews_idx;
DROP INDEX businesses_published_rating_idx;
DROP INDEX businesses_published_category_idx;
DROP TRIGGER businesses_fts_update;
DROP TRIGGER businesses_fts_delete;
DROP TRIGGER businesses_fts_insert;
DROP TABLE businesses_fts;
