import type { Product } from '@giftrelay/contracts';
import { useState } from 'react';
import { AvailableBalance, FundsShortfall, useBalance } from '@/features/billing';
import { CatalogPage } from '@/features/catalog';
import { SendRewardDialog } from '@/features/send-reward';
import { useCan } from '@/lib/auth/use-can';
import { useSession } from '@/lib/auth/use-session';

export function Component() {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  // Visitors see Send (it asks them to sign in); a signed-in viewer does not.
  const canSend = useCan('createOrder');
  const balance = useBalance({ enabled: isSignedIn });
  // The product chosen with Send: the catalogue's bar shows it, the dialog sends it.
  const [product, setProduct] = useState<Product | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const send = (next: Product) => {
    setProduct(next);
    setIsOpen(true);
  };
  return (
    <>
      <CatalogPage onSend={send} canSend={canSend} selected={product} onClearSelection={() => setProduct(null)} />
      <SendRewardDialog
        product={product}
        open={isOpen}
        onOpenChange={setIsOpen}
        // Sent: nothing is selected any more, so the bar goes too.
        onSent={() => setProduct(null)}
        balance={isSignedIn && balance.data ? balance.data : undefined}
        shortfall={(missing) => (balance.data ? <FundsShortfall missing={missing} balance={balance.data} /> : null)}
        footnote={isSignedIn ? <AvailableBalance /> : undefined}
      />
    </>
  );
}
