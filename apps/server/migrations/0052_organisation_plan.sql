-- The plan an organisation chose on the pricing page when it signed up (docs/decisions/021-…).
-- Every plan pays the same processing fee; the plan is what /billing shows as the current plan.
ALTER TABLE organisations ADD COLUMN plan text NOT NULL DEFAULT 'starter'
  CONSTRAINT organisations_plan_check CHECK (plan IN ('starter', 'growth', 'enterprise'));
