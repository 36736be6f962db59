import { Badge } from './badge';

/** The label on everything in sandbox mode (product notes: "labelled Sandbox in the UI"). */
export function SandboxBadge() {
  return (
    <Badge variant="warning" title="Test mode: no real money moves and no real cards are issued">
      Sandbox
    </Badge>
  );
}
