import { findCountry, PAYOUT_TYPE_LABELS, type Product } from '@giftrelay/contracts';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatAmount, formatRange } from '../utils/format';
import { ProductLogo } from './product-logo';

interface ProductDetailsProps {
  product: Product | null;
  onOpenChange: (open: boolean) => void;
  onSend?: (product: Product) => void;
}

/** A product in full, in a sheet over the listing: what it is, where it works, its terms; Send. */
export function ProductDetails({ product, onOpenChange, onSend }: ProductDetailsProps) {
  return (
    <Dialog.Root open={product !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l bg-card shadow-xl">
          {product && (
            <>
              <div className="flex items-start gap-3 border-b p-5">
                <ProductLogo name={product.name} logoUrl={product.logoUrl} />
                <div className="min-w-0 flex-1">
                  <Dialog.Title className="text-lg font-semibold leading-tight">{product.name}</Dialog.Title>
                  <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                    {product.brand} · {PAYOUT_TYPE_LABELS[product.payoutType]} · {product.category}
                  </Dialog.Description>
                </div>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2">
                    <X aria-hidden />
                  </Button>
                </Dialog.Close>
              </div>
              <div className="grid flex-1 content-start gap-5 overflow-y-auto p-5 text-sm">
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
                  <dt className="text-muted-foreground">Values</dt>
                  <dd>
                    {product.denominations
                      ? product.denominations
                          .map((d) => `${product.currency} ${formatAmount(d, product.currency)}`)
                          .join(', ')
                      : formatRange(product)}
                  </dd>
                  <dt className="text-muted-foreground">Countries</dt>
                  <dd>
                    {findCountry(product.country)?.name ?? product.country} ({product.country})
                  </dd>
                  <dt className="text-muted-foreground">Currency</dt>
                  <dd>{product.currency}</dd>
                </dl>
                <Section title="Description">{product.description}</Section>
                <Section title="How to redeem">{product.redemptionInstructions}</Section>
                <Section title="Terms">{product.terms}</Section>
              </div>
              {onSend && (
                <div className="border-t p-4">
                  <Button className="w-full" onClick={() => onSend(product)}>
                    Send this card
                  </Button>
                </div>
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1 whitespace-pre-line text-muted-foreground">{children}</p>
    </section>
  );
}
