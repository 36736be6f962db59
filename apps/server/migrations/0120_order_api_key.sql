-- Which API key placed an order (issue 29, decision 062): a key may change the recipient of the
-- orders it placed and of no others, so the order must say which key that was. Null for orders
-- placed by a person in the app (and for every order placed before this migration). No foreign
-- key: keys are revoked, never deleted, and a reference would cost every order insert a lookup.
ALTER TABLE orders ADD COLUMN api_key_id uuid;
