import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/claims/{token}/choice: the recipient's pick. The same pick again answers the same,
 * so pressing twice or retrying after a lost answer never issues two cards.
 */
export const pickChoice = (token: string, productCode: string) =>
  api.post(`/api/v1/claims/${encodeURIComponent(token)}/choice`, { product_code: productCode });

export function usePickChoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productCode: string) => pickChoice(token, productCode),
    // Picked, refused or failed: the claim and its options say what is true now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['claims', token] }),
  });
}
