import type { Product } from '@giftrelay/contracts';
import { useState } from 'react';
import { AvailableBalance } from '@/features/billing';
import { CatalogPage } from '@/features/catalog';
import { SendRewardDialog } from '@/features/send-reward';
import { useSession } from '@/lib/auth/use-session';

export function Component() {
  const session = useSession();
  const [product, setProduct] = useState<Product | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  // A card's Send and the bar's Configure & Send open the one send dialog.
  const send = (next: Product) => {
    setProduct(next);
    setIsOpen(true);
  };
  return (
    <>
      <CatalogPage onSend={send} />
      <SendRewardDialog
        product={product}
        open={isOpen}
        onOpenChange={setIsOpen}
        footnote={session.status === 'signed-in' ? <AvailableBalance /> : undefined}
      />
    </>
  );
}
