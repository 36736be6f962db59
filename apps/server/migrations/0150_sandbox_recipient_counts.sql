-- Sandbox is not a mail relay (decision 063), folded into the order's one statement (decision 093):
-- each sandbox organisation's count of today's outside addresses, one row, beside the addresses
-- themselves (sandbox_outside_recipients). The row is what serialises reservations: an order's
-- statement updates it with ON CONFLICT DO UPDATE, which waits for a concurrent reservation and
-- then reads its committed count (a statement's snapshot would not), and a batch's transaction
-- locks it before it reads the addresses. `cap` is the instance's cap as the last reservation
-- knew it (SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY): a count past it fails the check, which aborts the
-- whole order statement, so an order past the cap writes nothing, its address included.
CREATE TABLE sandbox_recipient_counts (
  organisation_id uuid PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  day date NOT NULL,
  used int NOT NULL,
  cap int NOT NULL,
  CONSTRAINT sandbox_recipient_counts_within_cap CHECK (used <= cap)
);

-- Today's counts so far. A count already past a cap lowered meanwhile keeps that cap until tomorrow.
INSERT INTO sandbox_recipient_counts (organisation_id, day, used, cap)
SELECT organisation_id, day, count(*), count(*)
FROM sandbox_outside_recipients
WHERE day = (now() AT TIME ZONE 'UTC')::date
GROUP BY organisation_id, day;
