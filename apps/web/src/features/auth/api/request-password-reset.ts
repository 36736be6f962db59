import type { EmailBody, MessageResponse } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const requestPasswordReset = (body: EmailBody) =>
  api.post<MessageResponse>('/api/v1/auth/recover', body, { auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
