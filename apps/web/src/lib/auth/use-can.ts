import { can, type OperationId } from '@giftrelay/contracts/permissions';
import { useSession } from './use-session';

/**
 * Whether the signed-in person's role lets them call an operation (the server's own rule,
 * OPERATION_ACCESS): the app hides what this refuses. Without a known session it answers true:
 * a visitor's Send asks them to sign in, and the server decides in the end.
 */
export function useCan(operationId: OperationId): boolean {
  const session = useSession();
  return session.status !== 'signed-in' || can(session.user.role, operationId);
}
