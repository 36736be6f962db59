import { InstanceInfoSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * What kind of instance this is (GET /api/v1/instance, issue 35): a demo on fake providers
 * (`npm run demo:live`), and whether organisations can go live here. Fixed for the server's life,
 * so asked once per page load; undefined until it arrives or if it cannot.
 */
export function useInstanceInfo() {
  return useQuery({
    queryKey: ['instance'],
    queryFn: async ({ signal }) => InstanceInfoSchema.parse(await api.get('/api/v1/instance', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
}
