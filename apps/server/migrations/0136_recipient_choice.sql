-- Recipient's choice (issue 32, decision 080). A choice set is an organisation's saved list of
-- products, or a rule (category, country, currency) resolved against the catalogue at an order's
-- value. A choice order holds its total at send like any order, but asks the provider for nothing:
-- its reward waits as `awaiting_choice` until the recipient picks on the claim page. The pick turns
-- the reward `pending` (the fulfilment job then issues the card and captures the hold) and the
-- order takes the chosen product's code, name, brand, category and country, so the history, the
-- exports and the rollups (Top Brands) show what was chosen.
CREATE TABLE choice_sets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  product_codes text[],
  rule jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT choice_sets_one_form CHECK ((product_codes IS NULL) <> (rule IS NULL)),
  CONSTRAINT choice_sets_codes_count CHECK (
    product_codes IS NULL OR cardinality(product_codes) BETWEEN 1 AND 50)
);
CREATE INDEX choice_sets_organisation ON choice_sets (organisation_id, created_at DESC, id DESC);

-- A choice order has no product until the pick.
ALTER TABLE orders ALTER COLUMN product_id DROP NOT NULL;
-- The options fixed when it was placed (null: a fixed reward), and the set they came from (kept by
-- name too: a set may be deleted while its orders wait).
ALTER TABLE orders ADD COLUMN choice_product_codes text[];
ALTER TABLE orders ADD COLUMN choice_set_id uuid;
ALTER TABLE orders ADD COLUMN choice_set_name text CHECK (length(choice_set_name) <= 100);
-- When its recipient picked (the order's product columns are the pick's from then on).
ALTER TABLE orders ADD COLUMN choice_made_at timestamptz;
ALTER TABLE orders ADD CONSTRAINT orders_choice_has_options CHECK (
  choice_product_codes IS NOT NULL OR (choice_set_id IS NULL AND choice_set_name IS NULL));
ALTER TABLE orders ADD CONSTRAINT orders_product_or_choice CHECK (
  product_id IS NOT NULL OR choice_product_codes IS NOT NULL);

-- The pick: the product, when, and the products the provider said were out of stock at an
-- earlier pick (shown unavailable); `choice_problem` says why the last pick went back to the
-- recipient (`out_of_stock`, `try_again_later`).
ALTER TABLE rewards ADD COLUMN chosen_product_code text;
ALTER TABLE rewards ADD COLUMN chosen_at timestamptz;
ALTER TABLE rewards ADD COLUMN choice_unavailable text[] NOT NULL DEFAULT '{}';
ALTER TABLE rewards ADD COLUMN choice_problem text
  CHECK (choice_problem IN ('out_of_stock', 'try_again_later'));
-- Picks made, so that each pick asks the provider with a reference of its own: a card refused or
-- unanswered for one product is never returned for another.
ALTER TABLE rewards ADD COLUMN pick_count smallint NOT NULL DEFAULT 0;
ALTER TABLE rewards DROP CONSTRAINT rewards_status_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_status_check CHECK (status IN
  ('pending', 'issued', 'failed', 'review', 'awaiting_choice'));

-- The rollups follow an order to the brand its recipient chose (0135's function, which moves an
-- order's figures from OLD's brand, category and country to NEW's).
DROP TRIGGER orders_stats_status ON orders;
CREATE TRIGGER orders_stats_status
  AFTER UPDATE OF status, released_subtotal_minor, released_fee_minor, failed_count, voided_count,
    brand, category, country
  ON orders FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.released_subtotal_minor <> NEW.released_subtotal_minor
    OR OLD.released_fee_minor <> NEW.released_fee_minor
    OR OLD.failed_count <> NEW.failed_count
    OR OLD.voided_count <> NEW.voided_count
    OR OLD.brand IS DISTINCT FROM NEW.brand
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.country IS DISTINCT FROM NEW.country)
  EXECUTE FUNCTION order_stats_on_status();
