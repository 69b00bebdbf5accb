-- +goose Up
-- Directory search: a trigram index over one text of name, description,
-- tags and sub-category lets ILIKE '%term%' (any substring, any case) use
-- an index instead of scanning.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE businesses ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    name || E'\n' || description || E'\n' || tags || E'\n' || sub_category
) STORED;
CREATE INDEX businesses_search_trgm_idx ON businesses USING GIN (search_text gin_trgm_ops);
CREATE INDEX businesses_location_trgm_idx ON businesses USING GIN ((city || ', ' || state) gin_trgm_ops);

-- Filters and sorts of the directory, all among published listings.
CREATE INDEX businesses_published_category_idx ON businesses (published, category);
CREATE INDEX businesses_published_rating_idx ON businesses (published, rating DESC, review_count DESC);
CREATE INDEX businesses_published_reviews_idx ON businesses (published, review_count DESC);
CREATE INDEX businesses_published_name_idx ON businesses (published, lower(name));
CREATE INDEX businesses_published_featured_idx ON businesses (published, featured DESC, rating DESC);

-- +goose Down
DROP INDEX businesses_published_featured_idx;
DROP INDEX businesses_published_name_idx;
DROP INDEX businesses_published_reviews_idx;
DROP INDEX businesses_published_rating_idx;
DROP INDEX businesses_published_category_idx;
DROP INDEX businesses_location_trgm_idx;
DROP INDEX businesses_search_trgm_idx;
ALTER TABLE businesses DROP COLUMN search_text;
