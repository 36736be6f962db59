-- Members and roles (issue 15, decision 032).
--
-- 1. Four roles: owner, admin, sender, viewer. The former `member` could send, so it becomes
--    `sender`.
ALTER TABLE memberships DROP CONSTRAINT IF EXISTS memberships_role_check;
UPDATE memberships SET role = 'sender' WHERE role = 'member';
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check
  CHECK (role IN ('owner', 'admin', 'sender', 'viewer'));

-- 2. Sign-in opens the organisation the person used last (then the first they joined).
ALTER TABLE memberships ADD COLUMN last_used_at timestamptz;

-- 3. Sessions end when their membership does, or when the person switches organisation.
ALTER TABLE auth_sessions DROP CONSTRAINT IF EXISTS auth_sessions_revoked_reason_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'refresh_token_reuse', 'password_changed', 'membership_ended', 'switched_organisation'));

-- 4. Invitations: only the SHA-256 of the emailed token is kept. Resending replaces the hash (the
--    old link dies); accepting or revoking closes the row. One open invitation per address and
--    organisation.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 255),
  role text NOT NULL CHECK (role IN ('admin', 'sender', 'viewer')),
  token_hash bytea NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
CREATE UNIQUE INDEX invitations_open_idx ON invitations (organisation_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
