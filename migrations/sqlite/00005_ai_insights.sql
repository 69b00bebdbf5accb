-- +goose Up
-- Insights belong to a business (and so to its owner); recommendations
-- are kept one per line; provider says what produced them.
CREATE TABLE ai_insights (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id     INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    insight_type    TEXT NOT NULL,
    title           TEXT NOT NULL,
    content         TEXT NOT NULL,
    recommendations TEXT NOT NULL DEFAULT '',
    provider        TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX ai_insights_business_created_idx ON ai_insights (business_id, created_at DESC);

-- +goose Down
DROP TABLE ai_insights;
