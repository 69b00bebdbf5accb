-- +goose Up
-- A Verified badge says we confirmed who runs the business (issue 40), so
-- only an owned listing carries one: the generated and sample listings
-- nobody owns, and any listing whose owner left before the rule, lose it.
-- Their index entries follow through the directory's triggers.
UPDATE businesses SET verified = FALSE, verified_method = '', verified_at = NULL
WHERE owner_id IS NULL AND verified = TRUE;

-- +goose Down
-- Nothing to restore: a badge nobody earned is not put back.
SELECT 1;
