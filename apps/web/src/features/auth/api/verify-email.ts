import type { VerifyEmailResponse } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const verifyEmail = (token: string) =>
  api.post<VerifyEmailResponse>('/api/v1/auth/verify', { token }, { auth: false });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
