-- The risk controls' key scopes (issue 37, decision 083): `risk:read` and `risk:write` join the five
-- an API key or an OAuth grant may hold. Widening a check is an expand step: the previous release
-- writes only the five it knows, which the new check still accepts.
ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS api_keys_scopes_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check CHECK (
  cardinality(scopes) BETWEEN 1 AND 7
  AND scopes <@ ARRAY['orders:write', 'orders:read', 'catalog:read', 'balance:read', 'webhooks:write', 'risk:read', 'risk:write']
);
ALTER TABLE oauth_grants DROP CONSTRAINT IF EXISTS oauth_grants_scopes_check;
ALTER TABLE oauth_grants ADD CONSTRAINT oauth_grants_scopes_check CHECK (
  cardinality(scopes) BETWEEN 1 AND 7
  AND scopes <@ ARRAY['orders:write', 'orders:read', 'catalog:read', 'balance:read', 'webhooks:write', 'risk:read', 'risk:write']
);
