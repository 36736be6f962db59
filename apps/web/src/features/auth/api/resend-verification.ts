import type { EmailBody, MessageResponse } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendVerification = (body: EmailBody) =>
  api.post<MessageResponse>('/api/v1/auth/resend', body, { auth: false });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
