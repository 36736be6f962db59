import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { type PickedProduct, ProductMultiPicker } from './product-multi-picker';

/** Cards for one choice reward, without saving them as a set: then the send dialog. */
export function PickCardsDialog({
  open,
  onOpenChange,
  onContinue,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContinue: (cards: PickedProduct[]) => void;
}) {
  const [cards, setCards] = useState<PickedProduct[]>([]);
  const [error, setError] = useState<string>();
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title="Choose the cards to offer">
      <DialogDescription className="text-sm text-muted-foreground">
        The recipient picks one of them; nothing is saved as a set.
      </DialogDescription>
      <ProductMultiPicker
        value={cards}
        onChange={(next) => {
          setCards(next);
          setError(undefined);
        }}
        error={error}
      />
      <DialogActions>
        <Button
          type="button"
          onClick={() => {
            if (!cards.length) {
              setError('Choose at least one card');
              return;
            }
            onOpenChange(false);
            onContinue(cards);
            setCards([]);
          }}
        >
          Continue
        </Button>
      </DialogActions>
    </DialogShell>
  );
}
