-- order_stats_deltas is a queue: every order write appends to it and the compactor deletes it all
-- every couple of seconds. Left to the default thresholds (a fifth of the table), autovacuum would
-- let dead rows pile up, and every dashboard read walks them. Vacuum it after every thousand.
ALTER TABLE order_stats_deltas SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_analyze_scale_factor = 0,
  autovacuum_analyze_threshold = 1000,
  autovacuum_vacuum_cost_delay = 0
);
