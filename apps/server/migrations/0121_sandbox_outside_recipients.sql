-- Sandbox is not a mail relay (issue 29, decision 063): the distinct addresses outside the
-- organisation that its sandbox rewards were sent to, per UTC day, so a daily cap
-- (SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY) holds across processes. Rows older than yesterday are
-- deleted by the next reservation of the same organisation.
CREATE TABLE sandbox_outside_recipients (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  day date NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, day, email)
);
