-- Two-factor sign-in and changing one's email address (issue 15, decision 037).

-- A person's authenticator (TOTP, RFC 6238). The secret is encrypted like reward codes. While
-- `enabled_at` is null the person is setting it up: the secret waits for a first correct code.
-- `last_used_step` is the 30-second step of the last code accepted: a code is never accepted twice.
CREATE TABLE user_two_factor (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL CHECK (length(secret) <= 512),
  enabled_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten single-use codes for when the authenticator is lost; SHA-256 of each, shown once.
CREATE TABLE user_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- The step between a correct password and the code: a short-lived token (SHA-256 stored) that a
-- few wrong codes use up.
CREATE TABLE auth_two_factor_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX auth_two_factor_challenges_user_idx ON auth_two_factor_challenges (user_id);

-- An organisation may require two-factor sign-in of its owners.
ALTER TABLE organisations ADD COLUMN owners_need_two_factor boolean NOT NULL DEFAULT false;

-- A link that confirms a new address carries the address it confirms.
ALTER TABLE auth_email_tokens
  ADD COLUMN new_email text CHECK (new_email IS NULL OR length(new_email) <= 255);
ALTER TABLE auth_email_tokens DROP CONSTRAINT IF EXISTS auth_email_tokens_purpose_check;
ALTER TABLE auth_email_tokens ADD CONSTRAINT auth_email_tokens_purpose_check
  CHECK (purpose IN ('verify_email', 'reset_password', 'change_email'));
