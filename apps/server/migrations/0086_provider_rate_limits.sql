-- A real gift-card provider's request rate, shared by every process (issue 17): Tango Card allows
-- about one request a second. Each call takes the next free slot on its provider's row.
CREATE TABLE provider_rate_limits (
  provider text PRIMARY KEY,
  next_slot_at timestamptz NOT NULL
);

-- When the operators were last told that GiftRelay's account with a provider runs low, so the
-- housekeeping sweep tells them once a day, not every ten minutes.
CREATE TABLE provider_alerts (
  provider text NOT NULL,
  kind text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (provider, kind)
);
