-- Platform operators (issue 14, decision 041): GiftRelay's own staff, not a role in a customer
-- organisation. On a fresh instance the first account to verify its address becomes one; an
-- operator grants it to others; OPERATOR_EMAILS names more by configuration.
CREATE TABLE platform_operators (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  granted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An instance that already has accounts: its first verified account is the operator, so the
-- next stranger to sign up does not become one.
INSERT INTO platform_operators (user_id)
SELECT id FROM users WHERE email_verified_at IS NOT NULL
ORDER BY email_verified_at, created_at LIMIT 1;
