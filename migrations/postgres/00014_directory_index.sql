-- +goose Up
-- The directory is searched in memory (store/search_index.go): each app
-- process keeps an index of the published listings (what their cards
-- show) and follows the database's changes. directory_state.version counts the statements that
-- changed listings; directory_changes says which listings each touched, so
-- a process whose index is at version v re-reads only the listings changed
-- since v. A writer holds directory_state's row until it commits, so
-- versions become visible in order: once a reader sees version v, every
-- change up to v is visible too. Changes older than an hour are pruned
-- (pruned_through says up to which version): a process further behind
-- than that rebuilds.
CREATE TABLE directory_state (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    version        BIGINT NOT NULL,
    pruned_through BIGINT NOT NULL
);
INSERT INTO directory_state (id, version, pruned_through) VALUES (1, 0, 0);

CREATE TABLE directory_changes (
    version     BIGINT NOT NULL,
    business_id BIGINT NOT NULL,
    changed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX directory_changes_version_idx ON directory_changes (version);

-- One trigger a statement (a bulk insert bumps the version once). An update
-- counts only when it touches what the directory searches by or shows.
-- +goose StatementBegin
CREATE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER directory_listing_added AFTER INSERT ON businesses
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_changed();
CREATE TRIGGER directory_listing_changed AFTER UPDATE ON businesses
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_changed();
CREATE TRIGGER directory_listing_deleted AFTER DELETE ON businesses
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_changed();

-- The SQL search's indexes (00004) are no longer read: the in-memory index
-- serves every search. What other queries use stays.
DROP INDEX businesses_published_featured_idx;
DROP INDEX businesses_published_name_idx;
DROP INDEX businesses_published_reviews_idx;
DROP INDEX businesses_published_rating_idx;
DROP INDEX businesses_published_category_rating_idx;
DROP INDEX businesses_published_category_idx;
DROP INDEX businesses_location_trgm_idx;
DROP INDEX businesses_search_trgm_idx;
ALTER TABLE businesses DROP COLUMN search_text;
-- Market insights read a category's published listings.
CREATE INDEX businesses_category_idx ON businesses (category, published);

-- +goose Down
DROP INDEX businesses_category_idx;
ALTER TABLE businesses ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    lower(name || E'\n' || description || E'\n' || tags || E'\n' || sub_category)
) STORED;
CREATE INDEX businesses_search_trgm_idx ON businesses USING GIN (search_text gin_trgm_ops);
CREATE INDEX businesses_location_trgm_idx ON businesses USING GIN (lower(city || ', ' || state) gin_trgm_ops);
CREATE INDEX businesses_published_category_idx ON businesses (published, category, featured DESC, rating DESC, review_count DESC, lower(name), id);
CREATE INDEX businesses_published_category_rating_idx ON businesses (published, category, rating DESC, review_count DESC, lower(name), id)
    INCLUDE (search_text, featured, name, tags, sub_category);
CREATE INDEX businesses_published_rating_idx ON businesses (published, rating DESC, review_count DESC, lower(name), id);
CREATE INDEX businesses_published_reviews_idx ON businesses (published, review_count DESC, rating DESC, lower(name), id);
CREATE INDEX businesses_published_name_idx ON businesses (published, lower(name), id);
CREATE INDEX businesses_published_featured_idx ON businesses (published, featured DESC, rating DESC, review_count DESC, lower(name), id);
DROP TRIGGER directory_listing_deleted ON businesses;
DROP TRIGGER directory_listing_changed ON businesses;
DROP TRIGGER directory_listing_added ON businesses;
DROP FUNCTION directory_changed();
DROP TABLE directory_changes;
DROP TABLE directory_state;
