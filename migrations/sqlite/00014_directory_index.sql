-- +goose Up
-- The directory is searched in memory (store/search_index.go): each app
-- process keeps an index of the published listings (what their cards
-- show) and follows the database's changes. directory_state.version counts the changes to
-- listings; directory_changes says which listing each one touched, so a
-- process whose index is at version v re-reads only the listings changed
-- since v. Changes older than an hour are pruned (pruned_through says up
-- to which version): a process further behind than that rebuilds.
CREATE TABLE directory_state (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    version        INTEGER NOT NULL,
    pruned_through INTEGER NOT NULL
);
INSERT INTO directory_state (id, version, pruned_through) VALUES (1, 0, 0);

CREATE TABLE directory_changes (
    version     INTEGER NOT NULL,
    business_id INTEGER NOT NULL,
    changed_at  TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX directory_changes_version_idx ON directory_changes (version);

-- +goose StatementBegin
CREATE TRIGGER directory_listing_added AFTER INSERT ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, new.id FROM directory_state;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER directory_listing_changed AFTER UPDATE OF
    published, slug, name, tagline, description, tags, sub_category, category, city, state,
    business_type, rating, review_count, featured, verified, claimed, phone, show_phone ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, new.id FROM directory_state;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER directory_listing_deleted AFTER DELETE ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, old.id FROM directory_state;
END;
-- +goose StatementEnd

-- The SQL search's indexes (00004) are no longer read: the in-memory index
-- serves every search. What other queries use stays.
DROP TRIGGER businesses_fts_insert;
DROP TRIGGER businesses_fts_delete;
DROP TRIGGER businesses_fts_update;
DROP TRIGGER businesses_location_fts_update;
DROP TABLE businesses_fts;
DROP TABLE businesses_location_fts;
DROP INDEX businesses_sort_keys_idx;
DROP INDEX businesses_published_category_idx;
DROP INDEX businesses_published_category_rating_idx;
DROP INDEX businesses_published_rating_idx;
DROP INDEX businesses_published_reviews_idx;
DROP INDEX businesses_published_name_idx;
DROP INDEX businesses_published_featured_idx;
-- Market insights read a category's published listings.
CREATE INDEX businesses_category_idx ON businesses (category, published);

-- +goose Down
DROP INDEX businesses_category_idx;
CREATE VIRTUAL TABLE businesses_fts USING fts5(
    name, description, tags, sub_category,
    content = 'businesses', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO businesses_fts (rowid, name, description, tags, sub_category)
    SELECT id, name, description, tags, sub_category FROM businesses;
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
CREATE INDEX businesses_sort_keys_idx ON businesses (id, published, featured, rating, review_count, name, tags, sub_category);
CREATE INDEX businesses_published_category_idx ON businesses (published, category, featured DESC, rating DESC, review_count DESC, name COLLATE NOCASE, tags, sub_category);
CREATE INDEX businesses_published_category_rating_idx ON businesses (published, category, rating DESC, review_count DESC, name COLLATE NOCASE);
CREATE INDEX businesses_published_rating_idx ON businesses (published, rating DESC, review_count DESC, name COLLATE NOCASE);
CREATE INDEX businesses_published_reviews_idx ON businesses (published, review_count DESC, rating DESC, name COLLATE NOCASE);
CREATE INDEX businesses_published_name_idx ON businesses (published, name COLLATE NOCASE);
CREATE INDEX businesses_published_featured_idx ON businesses (published, featured DESC, rating DESC, review_count DESC, name COLLATE NOCASE);
DROP TRIGGER directory_listing_deleted;
DROP TRIGGER directory_listing_changed;
DROP TRIGGER directory_listing_added;
DROP TABLE directory_changes;
DROP TABLE directory_state;
