import type { ChoiceSet } from '@giftrelay/contracts';
import { useState } from 'react';
import { AvailableBalance, FundsShortfall, useBalance } from '@/features/billing';
import { ChoiceOptionsAtValue, ChoiceSetsPage } from '@/features/choice-sets';
import { type ChoiceToSend, SendRewardDialog } from '@/features/send-reward';
import { useCan } from '@/lib/auth/use-can';
import { useSession } from '@/lib/auth/use-session';

/** Choice sets, and the send dialog for a choice reward from one of them (decision 080). */
export function Component() {
  const session = useSession();
  const canSend = useCan('createOrder');
  const balance = useBalance({ enabled: session.status === 'signed-in' });
  // A saved set, or cards picked for this one reward.
  const [choice, setChoice] = useState<ChoiceToSend | null>(null);
  const [set, setSet] = useState<ChoiceSet | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const billingCurrency = session.status === 'signed-in' ? session.user.organisation.billing_currency : 'USD';
  return (
    <>
      <ChoiceSetsPage
        defaultCurrency={billingCurrency}
        onSend={
          canSend
            ? (next) => {
                setSet(next);
                setChoice({ label: next.name, choice: { choice_set_id: next.id }, currency: next.rule?.currency });
                setIsOpen(true);
              }
            : undefined
        }
        onSendCards={
          canSend
            ? (cards) => {
                setSet(null);
                setChoice({
                  label: cards.map((c) => c.name ?? c.code).join(', '),
                  choice: { product_codes: cards.map((c) => c.code) },
                });
                setIsOpen(true);
              }
            : undefined
        }
      />
      <SendRewardDialog
        product={null}
        choice={choice}
        choicePreview={(amount, currency) =>
          set ? <ChoiceOptionsAtValue setId={set.id} amount={amount} currency={currency} /> : null
        }
        open={isOpen}
        onOpenChange={setIsOpen}
        balance={balance.data}
        shortfall={(missing) => (balance.data ? <FundsShortfall missing={missing} balance={balance.data} /> : null)}
        footnote={<AvailableBalance />}
      />
    </>
  );
}
