-- One row that identifies this installation and counts its starts: proof that data outlives a
-- restart, and the anchor later migrations hang instance-wide settings on.
CREATE TABLE app_instance (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
  created_at timestamptz NOT NULL DEFAULT now(),
  boot_count integer NOT NULL DEFAULT 0,
  last_boot_at timestamptz NOT NULL DEFAULT now()
);
