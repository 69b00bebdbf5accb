-- +goose Up
-- Directory search: a trigram index over one lower-cased text of name,
-- description, tags and sub-category lets LIKE lower('%term%') (any
-- substring, any case: exactly what ILIKE does, without lower-casing every
-- row again at query time) use an index instead of scanning.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE businesses ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    lower(name || E'\n' || description || E'\n' || tags || E'\n' || sub_category)
) STORED;
CREATE INDEX businesses_search_trgm_idx ON businesses USING GIN (search_text gin_trgm_ops);
CREATE INDEX businesses_location_trgm_idx ON businesses USING GIN (lower(city || ', ' || state) gin_trgm_ops);

-- Filters and sorts of the directory, all among published listings. Each
-- sort has an index in its full order, so a page reads only its own rows;
-- so have a category's default and rating orders. The category's rating
-- index also holds the search text and every sort key: a text search
-- within a category reads that index alone (cheaper than visiting each
-- match's row, as the trigram index must), and finds a page by rating
-- without sorting.
CREATE INDEX businesses_published_category_idx ON businesses (published, category, featured DESC, rating DESC, review_count DESC, lower(name), id);
CREATE INDEX businesses_published_category_rating_idx ON businesses (published, category, rating DESC, review_count DESC, lower(name), id)
    INCLUDE (search_text, featured, name, tags, sub_category);
CREATE INDEX businesses_published_rating_idx ON businesses (published, rating DESC, review_count DESC, lower(name), id);
CREATE INDEX businesses_published_reviews_idx ON businesses (published, review_count DESC, rating DESC, lower(name), id);
CREATE INDEX businesses_published_name_idx ON businesses (published, lower(name), id);
CREATE INDEX businesses_published_featured_idx ON businesses (published, featured DESC, rating DESC, review_count DESC, lower(name), id);

-- +goose Down
DROP INDEX businesses_published_featured_idx;
DROP INDEX businesses_published_name_idx;
DROP INDEX businesses_published_reviews_idx;
DROP INDEX businesses_published_rating_idx;
DROP INDEX businesses_published_category_rating_idx;
DROP INDEX businesses_published_category_idx;
DROP INDEX businesses_location_trgm_idx;
DROP INDEX businesses_search_trgm_idx;
ALTER TABLE businesses DROP COLUMN search_text;
