import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The centred card the sign-in, verification and password pages share. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">{children}</Card>
    </div>
  );
}
