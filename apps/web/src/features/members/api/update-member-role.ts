import { MemberResponseSchema, type Role } from '@giftrelay/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKey } from './list-members';

export const updateMemberRole = async ({ userId, role }: { userId: string; role: Role }) =>
  MemberResponseSchema.parse(await api.patch(`/api/v1/members/${encodeURIComponent(userId)}`, { role }));

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}
