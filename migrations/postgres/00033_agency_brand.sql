-- +goose Up
-- White label (issue 37, Partner+): an agency's brand, which the listings
-- it manages may show ("Managed by") and its clients' monthly reports
-- carry in place of the site's. brand_name '' is the company's name;
-- brand_url an https address or ''; brand_logo a picture line as
-- businesses.logo (store.Picture, its files in the media storage);
-- brand_accent '#rrggbb' or ''.
ALTER TABLE partners ADD COLUMN brand_name TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN brand_url TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN brand_logo TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN brand_accent TEXT NOT NULL DEFAULT '';

-- Per client listing: whether its page says "Managed by" the agency,
-- whether its monthly report is emailed to its client too, and the last
-- month ('YYYY-MM') whose report went out, so a retried run sends none
-- twice.
ALTER TABLE client_listings ADD COLUMN show_managed_by BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE client_listings ADD COLUMN report_to_client BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE client_listings ADD COLUMN report_month TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE client_listings DROP COLUMN report_month;
ALTER TABLE client_listings DROP COLUMN report_to_client;
ALTER TABLE client_listings DROP COLUMN show_managed_by;
ALTER TABLE partners DROP COLUMN brand_accent;
ALTER TABLE partners DROP COLUMN brand_logo;
ALTER TABLE partners DROP COLUMN brand_url;
ALTER TABLE partners DROP COLUMN brand_name;
