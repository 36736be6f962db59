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

export const tescoUk: SendableProduct = {
  code: 'TESCO-UK',
  name: 'Tesco Gift Card',
  brand: 'Tesco',
  currency: 'GBP',
  minValue: 5,
  maxValue: 500,
  denominations: null,
};
