import type { SendableProduct } from './send-form';

/** Products as the catalogue gives them, for the dialog's tests. */
export const amazonUs: SendableProduct = {
  code: 'AMAZON-US',
  name: 'Amazon.com Gift Card',
  brand: 'Amazon',
  currency: 'USD',
  minValue: 1,
  maxValue: 2000,
  denominations: null,
};
