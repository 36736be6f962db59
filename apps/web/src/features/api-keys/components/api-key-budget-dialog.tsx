import type { ListedApiKey } from '@giftrelay/contracts';
import { BudgetDialog } from '@/components/budgets/budget-dialog';
import { useSetApiKeyBudget } from '../api/set-api-key-budget';

/**
 * An API key's monthly budget (decisions 084 and 090): everything the key places — API orders,
 * batches and AI-agent orders — per UTC month, fee included, as a member's budget is set.
 */
export function ApiKeyBudgetDialog({ apiKey, currency }: { apiKey: ListedApiKey; currency: string }) {
  const save = useSetApiKeyBudget();
  return (
    <BudgetDialog
      id={apiKey.id}
      holder={apiKey.name}
      budget={apiKey.budget}
      currency={currency}
      saving={save.isPending}
      save={(monthlyMinor, done) => save.mutate({ keyId: apiKey.id, monthlyMinor }, done)}
      description="What this key may send each month (UTC), fee included: its API orders, batches and AI-agent orders alike. Orders and batches past it are refused; voided and expired rewards give their value back. Leave it empty for no budget."
    />
  );
}
