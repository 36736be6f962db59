import {
  type ChangePasswordBody,
  ListSessionsResponseSchema,
  MessageResponseSchema,
  RevokeOtherSessionsResponseSchema,
  type UpdateProfileBody,
  UserResponseSchema,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/auth/session';

export const sessionsQueryKey = ['auth-sessions'] as const;

export const listSessions = async (signal?: AbortSignal) =>
  ListSessionsResponseSchema.parse(await api.get('/api/v1/auth/sessions', { signal }));

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });

/** Where the person is signed in. */
export const useSessions = () => useQuery(sessionsQueryOptions());

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      MessageResponseSchema.parse(await api.delete(`/api/v1/auth/sessions/${encodeURIComponent(id)}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      RevokeOtherSessionsResponseSchema.parse(await api.post('/api/v1/auth/sessions/revoke-others')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Saves the name; the header shows the new one at once. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => UserResponseSchema.parse(await api.patch('/api/v1/auth/user', body)),
    onSuccess: ({ user }) => updateSessionUser(user),
  });
}

/** Changes the password; the server ends every other session of the person's. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      MessageResponseSchema.parse(await api.post('/api/v1/auth/password', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
