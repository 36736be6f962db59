import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { sessionStore, startSession } from '@/lib/auth/session';
import { createQueryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    startSession();
    // One account's data must not be shown to the next one to sign in on this browser.
    return sessionStore.subscribe(() => {
      if (sessionStore.get().status === 'signed-out') queryClient.clear();
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        {children}
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
