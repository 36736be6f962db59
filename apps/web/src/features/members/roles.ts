import type { Role } from '@giftrelay/contracts';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', sender: 'Sender', viewer: 'Viewer' };

export const ROLE_HINTS: Record<Role, string> = {
  owner: 'Everything, including ownership',
  admin: 'Members, settings and sending',
  sender: 'Sends rewards, sees orders',
  viewer: 'Reads dashboard, orders and analytics',
};

/** The roles someone may give: only an owner makes owners or touches them. */
export function assignableRoles(actor: Role, target: Role): Role[] | null {
  if (actor === 'owner') return ['owner', 'admin', 'sender', 'viewer'];
  if (actor === 'admin' && target !== 'owner') return ['admin', 'sender', 'viewer'];
  return null;
}
