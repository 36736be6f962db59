-- One attempt, one POST (decision 030, amended): a worker claims attempt N of a delivery before it
-- posts, for as long as a POST may take and a margin. A second run of the same job (pg-boss hands
-- a job back to the queue when its worker's heartbeat lapses, which a busy machine can cause while
-- the first run is still waiting on the receiver) finds the claim and waits until it lapses,
-- rather than posting the same attempt again. A claim that lapses belongs to a worker that died:
-- the next run takes it, so nothing is lost.
ALTER TABLE webhook_deliveries
  ADD COLUMN claimed_attempt integer,
  ADD COLUMN claim_expires_at timestamptz;
