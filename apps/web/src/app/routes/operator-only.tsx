import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useOperatorStatus } from '@/lib/auth/use-operator';
import { Component as NotFound } from './not-found';

/**
 * A page of GiftRelay's own staff (decision 041): operators see it; to anyone else, signed in or
 * not, it is the 404 page, with no hint that anything is here.
 */
export function OperatorOnly({ children }: { children: ReactNode }) {
  const status = useOperatorStatus();
  if (status === 'loading') {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading" />
      </div>
    );
  }
  return status === 'yes' ? children : <NotFound />;
}
