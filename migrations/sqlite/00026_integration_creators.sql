-- +goose Up
-- Who set up each webhook endpoint (issue 34), as api_keys.created_by says
-- who made each key: a person who loses the account's API (removed from
-- the team, gone of their own accord, or no longer its owner) loses the
-- keys and endpoints they made (domain/team_integrations.go).
ALTER TABLE webhook_endpoints ADD COLUMN created_by INTEGER REFERENCES users (id) ON DELETE SET NULL;

-- Endpoints set up before this column: only an owner adds endpoints, so
-- each was set up by whoever owned the account then. An owner who handed
-- the account over became a member with no inviter at that moment
-- (store.TransferTeamOwnership), so an endpoint older than such a
-- membership was set up by that former owner, or by an earlier one; the
-- others are the owner's.
UPDATE webhook_endpoints SET created_by = COALESCE((
    SELECT m.user_id FROM team_members m
    WHERE m.account_id = webhook_endpoints.account_id AND m.invited_by IS NULL AND m.created_at > webhook_endpoints.created_at
    ORDER BY m.created_at LIMIT 1), account_id);
UPDATE webhook_endpoints SET disabled_at = CURRENT_TIMESTAMP,
    disabled_reason = 'set up by a former owner of the account, who no longer manages its API'
WHERE created_by <> account_id AND disabled_at IS NULL;

-- A key whose maker is not the owner (a former owner's, from before the
-- team's operations revoked them) or is gone (their account closed) opens
-- the API no more: revoke it, so the API page says so.
UPDATE api_keys SET revoked_at = CURRENT_TIMESTAMP
WHERE revoked_at IS NULL AND (created_by IS NULL OR created_by <> account_id);

-- +goose Down
ALTER TABLE webhook_endpoints DROP COLUMN created_by;
