import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { shortOrderId } from '../utils/format';
import { OrderDetailBody } from './order-detail-body';

interface OrderDetailSheetProps {
  /** The order in the URL's `order` param; none keeps the sheet closed. */
  orderId: string | undefined;
  onClose: () => void;
}

/** An order's detail in a panel from the side, over the list it was opened from. */
export function OrderDetailSheet({ orderId, onClose }: OrderDetailSheetProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={Boolean(orderId)} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            // Opened by a link or a row, not a Dialog.Trigger: remember where to give focus back.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l bg-card shadow-xl sm:max-w-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b px-5 py-4 sm:px-6">
            <div className="grid min-w-0 gap-1">
              <Dialog.Title className="text-lg font-semibold">
                Order <span className="font-mono">{orderId ? shortOrderId(orderId) : ''}</span>
              </Dialog.Title>
              <Dialog.Description className="truncate font-mono text-xs text-muted-foreground">
                {orderId}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2 shrink-0">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls it (a voided order has no control in it). */}
          <section tabIndex={0} aria-label="Order details" className="min-h-0 flex-1 overflow-y-auto p-5 sm:px-6">
            {orderId && <OrderDetailBody orderId={orderId} />}
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
