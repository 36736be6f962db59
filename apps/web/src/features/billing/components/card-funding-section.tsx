import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/auth/use-can';
import { useCardFunding } from '../api/get-card-funding';
import { CardTopUpForm } from './card-top-up-form';

/** A live organisation's card top-up, when this GiftRelay takes cards and the person may pay. */
export function CardFundingSection() {
  const funding = useCardFunding();
  const mayPay = useCan('createCardCheckoutSession');
  if (funding.isPending) {
    return (
      <div className="py-6 text-center">
        <Spinner label="Loading card payments" />
      </div>
    );
  }
  if (funding.isError) {
    return (
      <LoadError
        title="Card payments could not be loaded."
        error={funding.error}
        onRetry={() => funding.refetch()}
        isRetrying={funding.isFetching}
      />
    );
  }
  if (funding.data.unavailable_reason === 'sandbox') return null;
  if (funding.data.unavailable_reason === 'not_configured') {
    return <p className="text-sm text-muted-foreground">Card payments are not set up on this GiftRelay.</p>;
  }
  if (!mayPay) {
    return (
      <p className="text-sm text-muted-foreground">An owner or admin of your organisation can add funds by card.</p>
    );
  }
  return (
    <Card className="p-5">
      <CardTopUpForm funding={funding.data} />
    </Card>
  );
}
