-- +goose Up
-- Trust (issue 20): verification an owner can start, the status page's
-- checks and incidents, newsletters and other mail to a list, and
-- subscriptions confirmed by their address.

-- How a listing's Verified badge was earned: 'domain' (its owner's
-- verified address is at the website's domain), 'team' (an administrator
-- checked it), '' (not verified); and when. Listings verified before this
-- were verified by an administrator.
ALTER TABLE businesses ADD COLUMN verified_method TEXT NOT NULL DEFAULT '' CHECK (verified_method IN ('', 'domain', 'team'));
ALTER TABLE businesses ADD COLUMN verified_at TIMESTAMP;
UPDATE businesses SET verified_method = 'team', verified_at = updated_at WHERE verified = TRUE;

-- An owner's request to verify a listing, and its decision. method
-- 'domain' is decided at once by the app (decided_by NULL); 'team' waits
-- for an administrator with the owner's evidence: a statement, a phone
-- number to call back, a link. A rejection has a reason. At most one
-- request of a listing waits at a time.
CREATE TABLE verification_requests (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id    INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    user_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
    method         TEXT NOT NULL CHECK (method IN ('domain', 'team')),
    statement      TEXT NOT NULL DEFAULT '',
    callback_phone TEXT NOT NULL DEFAULT '',
    evidence_url   TEXT NOT NULL DEFAULT '',
    status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    reason         TEXT NOT NULL DEFAULT '',
    decided_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    decided_at     TIMESTAMP,
    created_at     TIMESTAMP NOT NULL
);
CREATE INDEX verification_requests_business_idx ON verification_requests (business_id, created_at);
CREATE INDEX verification_requests_status_idx ON verification_requests (status, created_at);
CREATE UNIQUE INDEX verification_requests_pending_idx ON verification_requests (business_id) WHERE status = 'pending';

-- The status page's checks of the app's parts (database, job queue, email
-- delivery, Stripe, the AI provider), one a minute, kept as a day's counts
-- per part for 90 days: uptime is 1 - failures/checks. last_minute
-- ('YYYY-MM-DDTHH:MM', UTC) is the minute last counted, so instances
-- sharing a database count each minute once.
CREATE TABLE status_checks (
    component   TEXT NOT NULL,
    day         TEXT NOT NULL,
    checks      INTEGER NOT NULL DEFAULT 0,
    failures    INTEGER NOT NULL DEFAULT 0,
    last_minute TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (component, day)
);

-- Incidents an administrator opens on /admin/status, with their timeline.
-- components is a comma-separated list of the parts affected; status is
-- the latest update's.
CREATE TABLE incidents (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    title       TEXT NOT NULL,
    impact      TEXT NOT NULL CHECK (impact IN ('minor', 'major', 'critical', 'maintenance')),
    components  TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
    created_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    resolved_at TIMESTAMP
);
CREATE INDEX incidents_created_idx ON incidents (created_at);
CREATE TABLE incident_updates (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    incident_id INTEGER NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
    status      TEXT NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
    message     TEXT NOT NULL,
    created_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX incident_updates_incident_idx ON incident_updates (incident_id, created_at);

-- A subscription counts once its address confirmed it (the link in the
-- first email). Subscriptions made before were told they would get email
-- and are kept as confirmed.
ALTER TABLE subscribers ADD COLUMN confirmed_at TIMESTAMP;
UPDATE subscribers SET confirmed_at = created_at;

-- One email to every confirmed subscriber of a list (a newsletter, an
-- incident's update), sent by the job queue in batches: a delivery row per
-- address (its primary key is what makes one send per address), so a
-- restarted batch carries on where it stopped.
CREATE TABLE broadcasts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    list        TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL,
    finished_at TIMESTAMP
);
CREATE TABLE broadcast_deliveries (
    broadcast_id INTEGER NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
    email        TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('sent', 'failed', 'skipped')),
    error        TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (broadcast_id, email)
);

-- A newsletter an administrator writes on /admin/newsletter (Markdown),
-- previews, tests and sends; broadcast_id is its sending.
CREATE TABLE newsletters (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    subject      TEXT NOT NULL,
    body         TEXT NOT NULL,
    broadcast_id INTEGER REFERENCES broadcasts (id) ON DELETE SET NULL,
    created_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE broadcast_deliveries;
DROP TABLE newsletters;
DROP TABLE broadcasts;
ALTER TABLE subscribers DROP COLUMN confirmed_at;
DROP TABLE incident_updates;
DROP TABLE incidents;
DROP TABLE status_checks;
DROP TABLE verification_requests;
ALTER TABLE businesses DROP COLUMN verified_at;
ALTER TABLE businesses DROP COLUMN verified_method;
