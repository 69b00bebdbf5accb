-- +goose Up
-- CSV imports of listings (issue 37): an owner with several locations, or
-- an agency for its clients, uploads a file; a job checks every row (the
-- dry run), then, when asked, another creates or updates the listings,
-- writing its progress as it goes.

-- An import: the file as uploaded, where it stands (checking → checked →
-- importing → done, or failed when the file as a whole cannot be read),
-- and its counts. account_id is the importing account (the owner's
-- account, or the partner's own id for an agency: as_agency).
CREATE TABLE imports (
    id            BIGSERIAL PRIMARY KEY,
    account_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    as_agency     BOOLEAN NOT NULL DEFAULT FALSE,
    file_name     TEXT NOT NULL DEFAULT '',
    body          TEXT NOT NULL,
    state         TEXT NOT NULL DEFAULT 'checking',
    file_error    TEXT NOT NULL DEFAULT '',
    total_rows    INTEGER NOT NULL DEFAULT 0,
    processed     INTEGER NOT NULL DEFAULT 0,
    created_count INTEGER NOT NULL DEFAULT 0,
    updated_count INTEGER NOT NULL DEFAULT 0,
    unchanged_count INTEGER NOT NULL DEFAULT 0,
    refused_count INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX imports_account_idx ON imports (account_id, id);

-- Each data row of an import: what the check planned (create, update,
-- unchanged or refuse, with its errors by column as JSON) and, once run,
-- what became of it; a row with an outcome is done, so a run that dies
-- resumes after it.
CREATE TABLE import_rows (
    import_id   BIGINT NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    row_number  INTEGER NOT NULL,
    external_id TEXT NOT NULL DEFAULT '',
    name        TEXT NOT NULL DEFAULT '',
    action      TEXT NOT NULL,
    outcome     TEXT NOT NULL DEFAULT '',
    business_id BIGINT,
    errors      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (import_id, row_number)
);

-- An account's own ids of its listings, from its imports: the same
-- external id imported again updates the listing.
CREATE TABLE listing_external_ids (
    account_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    external_id TEXT NOT NULL,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, external_id)
);
CREATE INDEX listing_external_ids_business_idx ON listing_external_ids (business_id);

-- Duplicates are found by name, without case.
CREATE INDEX businesses_lower_name_idx ON businesses (LOWER(name));

-- +goose Down
DROP INDEX businesses_lower_name_idx;
DROP TABLE listing_external_ids;
DROP TABLE import_rows;
DROP TABLE imports;
