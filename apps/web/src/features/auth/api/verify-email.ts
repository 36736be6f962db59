import type { VerifyEmailResponse } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_COOKIE_HEADERS } from '@/lib/auth/session';

/**
 * Verifying signs the person in: the refresh token comes back in the httpOnly cookie. With
 * `password`, that becomes the account's password (decision 054).
 */
export const verifyEmail = (input: { token: string; password?: string }) =>
  api.post<VerifyEmailResponse>('/api/v1/auth/verify', input, { auth: false, headers: SESSION_COOKIE_HEADERS });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
