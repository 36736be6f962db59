import type { MyOrganisation, User } from '@giftrelay/contracts';
import type { AccountsContext } from './context';
import { userView } from './issue-session';
import * as repo from './repository';

export function getUser(deps: AccountsContext, userId: string, organisationId: string): Promise<User> {
  return userView(deps.db, userId, organisationId);
}

export async function updateProfile(
  deps: AccountsContext,
  auth: { userId: string; organisationId: string },
  input: { name: string | null },
) {
  await repo.updateUserName(deps.db, auth.userId, input.name);
  return userView(deps.db, auth.userId, auth.organisationId);
}

/** The organisations the user belongs to, for the header's switcher. */
export async function listOrganisations(
  deps: AccountsContext,
  auth: { userId: string; organisationId: string },
): Promise<MyOrganisation[]> {
  const rows = await repo.listUserOrganisations(deps.db, auth.userId);
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, current: r.id === auth.organisationId }));
}
