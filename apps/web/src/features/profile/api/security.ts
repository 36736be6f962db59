import {
  type ChangeEmailBody,
  ConfirmEmailChangeResponseSchema,
  type DisableTwoFactorBody,
  MessageResponseSchema,
  RecoveryCodesResponseSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
  UserResponseSchema,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionStore, updateSessionUser } from '@/lib/auth/session';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Two-factor sign-in and the address (decision 037). */
export const twoFactorQueryKey = sharedQueryKeys.twoFactor;

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: async ({ signal }) =>
      TwoFactorStatusResponseSchema.parse(await api.get('/api/v1/auth/two-factor', { signal })),
  });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());

export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: async (currentPassword: string) =>
      TwoFactorSetupResponseSchema.parse(
        await api.post('/api/v1/auth/two-factor/setup', { current_password: currentPassword }),
      ),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      RecoveryCodesResponseSchema.parse(await api.post('/api/v1/auth/two-factor/enable', { code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      RecoveryCodesResponseSchema.parse(await api.post('/api/v1/auth/two-factor/recovery-codes', { code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DisableTwoFactorBody) =>
      MessageResponseSchema.parse(await api.post('/api/v1/auth/two-factor/disable', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: async (body: ChangeEmailBody) =>
      MessageResponseSchema.parse(await api.post('/api/v1/auth/email', body)),
  });
}

/** Opens the emailed link; a signed-in tab then shows the new address. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: async (token: string) =>
      ConfirmEmailChangeResponseSchema.parse(await api.post('/api/v1/auth/email/confirm', { token }, { auth: false })),
    onSuccess: async () => {
      // Signed in in this browser: the header and forms show the new address at once.
      if (sessionStore.get().status !== 'signed-in') return;
      updateSessionUser(UserResponseSchema.parse(await api.get('/api/v1/auth/user')).user);
    },
  });
}
