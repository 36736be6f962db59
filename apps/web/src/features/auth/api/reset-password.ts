import type { MessageResponse, ResetPasswordBody } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>('/api/v1/auth/reset-password', body, { auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
