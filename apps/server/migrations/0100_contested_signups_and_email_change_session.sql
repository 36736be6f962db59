-- Security review, issue 29 (decision 054).

-- Set when an address that is not yet verified is signed up again: from then on only a password
-- chosen on the verification page can verify it, so no sign-up's password survives the owner's
-- verification unless the owner typed it there.
ALTER TABLE users ADD COLUMN signed_up_again_at timestamptz;

-- The session that asked to change the address: confirming the change ends every other session of
-- the person, this one stays.
ALTER TABLE auth_email_tokens ADD COLUMN session_id uuid REFERENCES auth_sessions (id) ON DELETE SET NULL;
