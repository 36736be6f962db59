-- Scheduled delivery (issue 16, decision 042). An order with `send_at` is accepted as `scheduled`,
-- its total held at once; its fulfilment job starts at `send_at`. Until then it can be
-- rescheduled, or cancelled (`cancelled`: the hold is released).
ALTER TABLE orders ADD COLUMN send_at timestamptz;
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'completed', 'failed', 'pending_approval', 'rejected', 'scheduled', 'cancelled'));
ALTER TABLE orders ADD CONSTRAINT orders_scheduled_has_time CHECK (status <> 'scheduled' OR send_at IS NOT NULL);
