import type { CreateLead, CreateLeadResponse } from '@giftrelay/contracts';
import { api } from '@/lib/api-client';

/** A plain call, not a mutation hook: /contact loads no query client (decision 052). */
export const createLead = (input: CreateLead) => api.post<CreateLeadResponse>('/api/v1/leads', input);
