import type { Session } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { acceptSession, SESSION_COOKIE_HEADERS } from '@/lib/auth/session';

/** A session in another of the person's organisations; every cached answer belonged to the old one. */
export const switchOrganisation = async (organisationId: string) =>
  api.post<Session>('/api/v1/auth/switch', { organisation_id: organisationId }, { headers: SESSION_COOKIE_HEADERS });

export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchOrganisation,
    onSuccess: (session) => {
      queryClient.clear();
      acceptSession(session);
    },
  });
}
