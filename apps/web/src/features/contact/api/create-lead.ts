import type { CreateLead, CreateLeadResponse } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export { CreateLeadSchema } from '@giftrelay/contracts/leads';

export const createLead = (input: CreateLead) => api.post<CreateLeadResponse>('/api/v1/leads', input);

export function useCreateLead() {
  return useMutation({ mutationFn: createLead });
}
