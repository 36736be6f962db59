import type { MessageResponse, SignUpBody } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const signUp = (body: SignUpBody) => api.post<MessageResponse>('/api/v1/auth/signup', body, { auth: false });

export const useSignUp = () => useMutation({ mutationFn: signUp });
