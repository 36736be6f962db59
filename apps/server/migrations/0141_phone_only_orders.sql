-- Phone-only orders (issue 32, decision 088): a recipient may be reached by text instead of email.
-- The address becomes optional, but an order always names someone: an address, a number or both.
-- An expand step: the previous release writes both or the address, which the new check accepts.
ALTER TABLE orders ALTER COLUMN recipient_email DROP NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_recipient_check
  CHECK (recipient_email IS NOT NULL OR recipient_phone IS NOT NULL);

-- The history's search reads the address through coalesce (a null would blank the whole text)
-- and finds the number too. A generated column's expression cannot be changed in place.
ALTER TABLE orders DROP COLUMN search_text;
ALTER TABLE orders ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(id::text || ' ' || coalesce(recipient_email, '') || ' ' || coalesce(recipient_phone, '') || ' '
    || coalesce(recipient_name, '') || ' ' || brand || ' ' || product_name)
) STORED;
CREATE INDEX orders_search ON orders USING gin (search_text gin_trgm_ops);

-- The recipients chart counts an address, or the number of an order without one, still from the index.
DROP INDEX orders_org_recent;
CREATE INDEX orders_org_recent ON orders (organisation_id, created_at DESC, id DESC)
  INCLUDE (status, charged_total_minor, released_subtotal_minor, released_fee_minor, recipient_email, recipient_phone, sandbox);
