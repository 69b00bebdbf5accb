-- +goose Up
-- The partner programme (issue 36): partner accounts and their standing,
-- their link's clicks, the accounts they referred, and the money: an
-- append-only ledger of commissions, reversals and payouts, and the
-- payouts themselves.

-- A partner account's standing: the plan it applied for or was granted
-- (plans.PartnerPlans), what kind of partner it is, the administrator's
-- decision, its referral code (set on approval) and its Stripe Connect
-- account.
CREATE TABLE partners (
    user_id            INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    plan               TEXT NOT NULL,
    kind               TEXT NOT NULL DEFAULT '',
    state              TEXT NOT NULL DEFAULT 'pending',
    code               TEXT UNIQUE,
    name               TEXT NOT NULL DEFAULT '',
    company            TEXT NOT NULL DEFAULT '',
    website            TEXT NOT NULL DEFAULT '',
    message            TEXT NOT NULL DEFAULT '',
    terms_accepted_at  TIMESTAMP NOT NULL,
    decision_reason    TEXT NOT NULL DEFAULT '',
    decided_at         TIMESTAMP,
    decided_by         INTEGER REFERENCES users (id) ON DELETE SET NULL,
    connect_account_id TEXT NOT NULL DEFAULT '',
    connect_ready      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE INDEX partners_state_idx ON partners (state, created_at);

-- Clicks on a partner's link by day, counted as listing views are (people's
-- browsers only, no address kept).
CREATE TABLE partner_clicks (
    partner_id INTEGER NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
    day        TEXT NOT NULL,
    clicks     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (partner_id, day)
);

-- The addresses a partner's own session used, by day, as salted hashes
-- with the day's visitor salt (gone with the day): a sign-up from one of
-- them that day is not attributed to the partner.
CREATE TABLE partner_addresses (
    partner_id INTEGER NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
    day        TEXT NOT NULL,
    hash       BLOB NOT NULL,
    PRIMARY KEY (partner_id, day, hash)
);

-- The business accounts a partner referred: one row per referred account,
-- changed only by an administrator (referral_changes logs each change).
-- window_start is the start of the customer's first subscription, from
-- which commissions run for plans.CommissionMonths.
CREATE TABLE referrals (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    partner_id   INTEGER REFERENCES partners (user_id) ON DELETE SET NULL,
    clicked_at   TIMESTAMP,
    window_start TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX referrals_partner_idx ON referrals (partner_id, created_at);

CREATE TABLE referral_changes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_partner INTEGER,
    to_partner   INTEGER,
    changed_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reason       TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX referral_changes_user_idx ON referral_changes (user_id, created_at);

-- A payout of a partner's payable balance: by Stripe Connect (a Transfer)
-- or by hand (an administrator marks it paid with a reference).
CREATE TABLE partner_payouts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    partner_id   INTEGER NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
    month        TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    method       TEXT NOT NULL,
    state        TEXT NOT NULL DEFAULT 'due',
    transfer_id  TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    error        TEXT NOT NULL DEFAULT '',
    paid_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    paid_at      TIMESTAMP,
    created_at   TIMESTAMP NOT NULL,
    UNIQUE (partner_id, month, currency)
);
CREATE INDEX partner_payouts_state_idx ON partner_payouts (state, month);

-- The partners' money, append-only: each change is a new row. A
-- commission (+) earns a share of one paid invoice; a refund, dispute or
-- void (−) reverses part or all of one commission (commission_id); a
-- payout (−) pays the balance out. A row counts as payable from
-- payable_at (a commission: 30 days after the invoice was paid).
CREATE TABLE partner_ledger (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    partner_id        INTEGER NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
    kind              TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL,
    commission_id     INTEGER REFERENCES partner_ledger (id),
    payout_id         INTEGER REFERENCES partner_payouts (id),
    referred_user_id  INTEGER,
    invoice_id        TEXT NOT NULL DEFAULT '',
    charge_id         TEXT NOT NULL DEFAULT '',
    payment_intent_id TEXT NOT NULL DEFAULT '',
    base_cents        BIGINT NOT NULL DEFAULT 0,
    rate_percent      INTEGER NOT NULL DEFAULT 0,
    stripe_event_id   TEXT NOT NULL DEFAULT '',
    note              TEXT NOT NULL DEFAULT '',
    created_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
    payable_at        TIMESTAMP NOT NULL,
    created_at        TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX partner_ledger_invoice_idx ON partner_ledger (invoice_id) WHERE kind = 'commission';
CREATE INDEX partner_ledger_partner_idx ON partner_ledger (partner_id, created_at);
CREATE INDEX partner_ledger_commission_idx ON partner_ledger (commission_id);
CREATE INDEX partner_ledger_charge_idx ON partner_ledger (charge_id);
CREATE INDEX partner_ledger_intent_idx ON partner_ledger (payment_intent_id);

-- +goose Down
DROP TABLE partner_ledger;
DROP TABLE partner_payouts;
DROP TABLE referral_changes;
DROP TABLE referrals;
DROP TABLE partner_addresses;
DROP TABLE partner_clicks;
DROP TABLE partners;
