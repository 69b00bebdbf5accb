-- +goose Up
-- Reviews (issue 17): a listing's rating and review count are computed
-- from its published reviews, in the transaction of each change.

-- A review of a listing. Written by an account (one per account and
-- listing); reviews without an account are the seed data's and the
-- benchmarks' generated ones. author_name is the name shown, chosen by the
-- author when writing. visited_on is a date (YYYY-MM-DD) or empty. A hidden
-- review (an administrator's decision, with the reason the author is told)
-- leaves the figures and the page.
CREATE TABLE reviews (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id   INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    user_id       INTEGER REFERENCES users (id) ON DELETE CASCADE,
    author_name   TEXT NOT NULL,
    rating        INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title         TEXT NOT NULL,
    body          TEXT NOT NULL,
    visited_on    TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
    hidden_reason TEXT NOT NULL DEFAULT '',
    sentiment     TEXT NOT NULL DEFAULT '' CHECK (sentiment IN ('', 'positive', 'neutral', 'negative')),
    helpful_count INTEGER NOT NULL DEFAULT 0,
    reply         TEXT NOT NULL DEFAULT '',
    reply_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    replied_at    TIMESTAMP,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX reviews_one_per_account_idx ON reviews (business_id, user_id);
CREATE INDEX reviews_business_idx ON reviews (business_id, status, created_at);
CREATE INDEX reviews_user_idx ON reviews (user_id);

-- 'Helpful' marks: one per account and review (reviews.helpful_count
-- counts them, for the 'most helpful' order).
CREATE TABLE review_helpful (
    review_id  INTEGER NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (review_id, user_id)
);

-- A report of a review, one per account and review. Open until an
-- administrator keeps, hides or deletes the review (resolution).
CREATE TABLE review_reports (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    review_id   INTEGER NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reason      TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'conflict', 'not_real')),
    detail      TEXT NOT NULL DEFAULT '',
    resolution  TEXT NOT NULL DEFAULT '' CHECK (resolution IN ('', 'kept', 'hidden')),
    resolved_at TIMESTAMP,
    created_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX review_reports_one_per_account_idx ON review_reports (review_id, user_id);
CREATE INDEX review_reports_open_idx ON review_reports (resolved_at, created_at);

-- Review requests an owner emailed: at most a few a day, one per address
-- and listing in 30 days. token is the request's unsubscribe link.
CREATE TABLE review_requests (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    sent_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    email       TEXT NOT NULL,
    token       TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX review_requests_business_email_idx ON review_requests (business_id, email, created_at);
CREATE INDEX review_requests_sender_idx ON review_requests (sent_by, created_at);

-- Addresses that asked for no more review requests, from any business.
CREATE TABLE review_request_optouts (
    email      TEXT PRIMARY KEY,
    created_at TIMESTAMP NOT NULL
);

-- Reputation alerts: an email for each new review, a daily digest, or
-- none (the owner's choice on /profile; Growth and Pro only).
-- review_digest_at is when the last digest was sent.
ALTER TABLE users ADD COLUMN review_alerts TEXT NOT NULL DEFAULT 'each' CHECK (review_alerts IN ('each', 'daily', 'off'));
ALTER TABLE users ADD COLUMN review_digest_at TIMESTAMP;

-- The figures were constants of the seed data; with no reviews behind
-- them they go (the seed adds the samples' reviews).
UPDATE businesses SET rating = 0, review_count = 0;

-- +goose Down
ALTER TABLE users DROP COLUMN review_digest_at;
ALTER TABLE users DROP COLUMN review_alerts;
DROP TABLE review_request_optouts;
DROP TABLE review_requests;
DROP TABLE review_reports;
DROP TABLE review_helpful;
DROP TABLE reviews;
