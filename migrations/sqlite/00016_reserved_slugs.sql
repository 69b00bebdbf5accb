-- +goose Up
-- "category" and "in" name the directory's landing pages
-- (/directory/category/..., /directory/in/...): a listing that took one of
-- them before they were reserved moves to its slug and id, a slug no other
-- listing can have.
UPDATE businesses SET slug = slug || '-' || id WHERE slug IN ('category', 'in');

-- +goose Down
SELECT 1;
