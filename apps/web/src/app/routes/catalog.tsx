import { CatalogPage } from '@/features/catalog';

export function Component() {
  // Sending plugs in through onSend: its dialog opens from a card's Send and the bar's Configure & Send.
  return <CatalogPage />;
}
