import { describe, expect, it } from 'vitest';
import {
  amountRule,
  checkSendForm,
  EMPTY_SEND_FORM,
  fundsMissing,
  isSendFormFilled,
  parseQuantity,
  type SendableProduct,
  sendSums,
} from './send-form';
import { amazonUs } from './test-products';

const amazon = amazonUs;
const netflix: SendableProduct = {
  ...amazon,
  code: 'NETFLIX-US',
  minValue: 25,
  maxValue: 100,
  denominations: [25, 30, 50],
};
const tesco: SendableProduct = { ...amazon, code: 'TESCO-UK', currency: 'GBP', minValue: 5, maxValue: 500 };
const yen: SendableProduct = { ...amazon, code: 'AMAZON-JP', currency: 'JPY', minValue: 15, maxValue: 500000 };

const form = (over: Partial<typeof EMPTY_SEND_FORM>) => ({ ...EMPTY_SEND_FORM, email: 'pat@example.com', ...over });

describe('the send dialog’s sums', () => {
  it.each([
    // amount, quantity → subtotal, fee, total in cents: 2.5 % rounded half-up.
    ['25', '1', 2500, 63, 2563],
    ['25.00', '3', 7500, 188, 7688],
    ['12.34', '3', 3702, 93, 3795],
    ['0.2', '1', 20, 1, 21],
    ['0.19', '1', 19, 0, 19],
    ['2000', '100', 20_000_000, 500_000, 20_500_000],
  ])('%s × %s → %i + %i = %i', (amount, quantity, subtotal, fee, total) => {
    expect(sendSums({ amount, quantity }, 'USD')).toEqual({ currency: 'USD', subtotal, fee, total });
  });

  it('shows nothing until amount and quantity make sense', () => {
    for (const [amount, quantity] of [
      ['', '1'],
      ['abc', '1'],
      ['12.345', '1'],
      ['0', '1'],
      ['25', ''],
      ['25', '0'],
      ['25', '1.5'],
      ['25', '101'],
    ]) {
      expect(sendSums({ amount: amount as string, quantity: quantity as string }, 'USD')).toBeUndefined();
    }
  });

  it('converts the subtotal to the billing currency, then takes the fee of that, as the server does', () => {
    // £30.00 at 1.27 = $38.10; 2.5 % = 0.9525 → $0.95.
    expect(sendSums({ amount: '10', quantity: '3' }, 'GBP', { currency: 'USD', rate: '1.2700' })).toEqual({
      currency: 'GBP',
      subtotal: 3000,
      fee: 75,
      total: 3075,
      charged: { currency: 'USD', rate: '1.2700', subtotal: 3810, fee: 95, total: 3905 },
    });
    // Yen have no minor unit: ¥1,500 at 0.0067 = $10.05.
    expect(sendSums({ amount: '1500', quantity: '1' }, 'JPY', { currency: 'USD', rate: '0.0067' })?.charged).toEqual({
      currency: 'USD',
      rate: '0.0067',
      subtotal: 1005,
      fee: 25,
      total: 1030,
    });
  });

  it('adds no charge line when the product is in the billing currency', () => {
    expect(sendSums({ amount: '25', quantity: '1' }, 'USD', { currency: 'USD', rate: '1' })?.charged).toBeUndefined();
  });
});

describe('the send dialog’s rules', () => {
  it('is filled only with amount, email and quantity all given', () => {
    expect(isSendFormFilled(EMPTY_SEND_FORM)).toBe(false);
    expect(isSendFormFilled(form({ amount: '25' }))).toBe(true);
    expect(isSendFormFilled(form({ amount: '25', quantity: '' }))).toBe(false);
    expect(isSendFormFilled(form({ amount: '  ' }))).toBe(false);
  });

  it('starts empty but for a quantity of 1', () => {
    expect(EMPTY_SEND_FORM).toEqual({
      email: '',
      phone: '',
      recipientName: '',
      amount: '',
      quantity: '1',
      message: '',
    });
  });

  it('asks for missing fields first, naming the first empty one', () => {
    expect(checkSendForm({ ...EMPTY_SEND_FORM, amount: '5000' }, amazon)).toEqual({
      ok: false,
      problem: { title: 'Missing information', description: 'Please fill in all required fields', field: 'email' },
    });
    expect(checkSendForm(form({ amount: '' }), amazon)).toMatchObject({ problem: { field: 'amount' } });
    expect(checkSendForm(form({ amount: '5', quantity: ' ' }), amazon)).toMatchObject({
      problem: { title: 'Missing information', field: 'quantity' },
    });
  });

  it.each(['0.99', '2000.01', '0'])('refuses %s outside the product’s range with Invalid amount', (amount) => {
    expect(checkSendForm(form({ amount }), amazon)).toEqual({
      ok: false,
      problem: {
        title: 'Invalid amount',
        description: 'Amount must be between $1.00 and $2,000.00',
        field: 'amount',
      },
    });
  });

  it('takes the bounds themselves', () => {
    expect(checkSendForm(form({ amount: '1' }), amazon).ok).toBe(true);
    expect(checkSendForm(form({ amount: '2000.00' }), amazon).ok).toBe(true);
  });

  it('refuses amounts that are not amounts in the currency', () => {
    for (const amount of ['abc', '12.345', '-5', '1e3', '25,00']) {
      expect(checkSendForm(form({ amount }), amazon)).toMatchObject({
        ok: false,
        problem: { title: 'Invalid amount', field: 'amount' },
      });
    }
    expect(checkSendForm(form({ amount: '100.5' }), yen)).toMatchObject({
      problem: { description: expect.stringContaining('whole number') },
    });
  });

  it('allows only a fixed-value card’s values', () => {
    expect(checkSendForm(form({ amount: '30' }), netflix).ok).toBe(true);
    expect(checkSendForm(form({ amount: '40' }), netflix)).toMatchObject({
      problem: { title: 'Invalid amount', description: 'Choose one of $25.00, $30.00, $50.00' },
    });
  });

  it('checks the email as the API does, and the quantity from 1 to 100', () => {
    expect(checkSendForm(form({ amount: '25', email: 'pat@example' }), amazon)).toMatchObject({
      problem: { title: 'Invalid email address', field: 'email' },
    });
    for (const quantity of ['0', '101', '2.5', '-1']) {
      expect(checkSendForm(form({ amount: '25', quantity }), amazon)).toMatchObject({
        problem: { title: 'Invalid quantity', description: 'Quantity must be a whole number from 1 to 100' },
      });
    }
  });

  it('gives the request body: the amount as exact decimal text, trimmed email, the message even when emptied', () => {
    // An empty message is sent as such: the server's default message is for orders that say nothing of one.
    expect(checkSendForm(form({ amount: '25.5', email: '  pat@example.com ', quantity: '3' }), amazon)).toEqual({
      ok: true,
      amountMinor: 2550,
      body: { product_code: 'AMAZON-US', amount: '25.50', email: 'pat@example.com', quantity: 3, message: '' },
    });
    expect(checkSendForm(form({ amount: '10', message: '  Well done!  ' }), tesco)).toMatchObject({
      ok: true,
      body: { amount: '10.00', message: 'Well done!' },
    });
    expect(checkSendForm(form({ amount: '10', message: 'x'.repeat(501) }), tesco)).toMatchObject({
      problem: { title: 'Message too long', field: 'message' },
    });
    // The contract trims before it counts, as the API does.
    expect(checkSendForm(form({ amount: '10', message: ` ${'x'.repeat(500)} ` }), tesco).ok).toBe(true);
    expect(checkSendForm(form({ amount: '10', recipientName: '  Pat  ' }), tesco)).toMatchObject({
      body: { recipient_name: 'Pat' },
    });
    expect(checkSendForm(form({ amount: '10', recipientName: 'x'.repeat(201) }), tesco)).toMatchObject({
      problem: { title: 'Name too long', field: 'recipientName' },
    });
  });

  it('says how much the balance is short, in the billing currency once the rate is known', () => {
    const usd = sendSums({ amount: '100', quantity: '1' }, 'USD');
    expect(fundsMissing(usd, { available: 100, currency: 'USD' })).toBe(250);
    expect(fundsMissing(usd, { available: 102.5, currency: 'USD' })).toBeUndefined();
    expect(fundsMissing(usd, { available: -3, currency: 'USD' })).toBe(10_250);
    const gbp = sendSums({ amount: '100', quantity: '1' }, 'GBP');
    expect(fundsMissing(gbp, { available: 100, currency: 'USD' })).toBeUndefined();
    const charged = sendSums({ amount: '100', quantity: '1' }, 'GBP', { currency: 'USD', rate: '1.27' });
    // £100 is $127.00, plus $3.18 fee: $130.18 against $100.00.
    expect(fundsMissing(charged, { available: 100, currency: 'USD' })).toBe(3018);
    expect(fundsMissing(undefined, { available: 0, currency: 'USD' })).toBeUndefined();
  });
});

describe('helpers', () => {
  it('reads quantities as whole numbers from 1 to 100', () => {
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity('100')).toBe(100);
    expect(parseQuantity('0100')).toBeUndefined();
    expect(parseQuantity('1.0')).toBeUndefined();
  });

  it('treats a range of one value as a fixed value', () => {
    expect(amountRule({ ...amazon, minValue: 50, maxValue: 50 }).fixedMinor).toEqual([5000]);
    expect(amountRule(amazon)).toEqual({ currency: 'USD', minMinor: 100, maxMinor: 200_000, fixedMinor: null });
  });

  it('says amounts in the one money format, to the currency’s digits', () => {
    expect(checkSendForm(form({ amount: '5000' }), amazon)).toMatchObject({
      problem: { description: 'Amount must be between $1.00 and $2,000.00' },
    });
    expect(amountRule({ ...amazon, currency: 'JPY', minValue: 500, maxValue: 3000 }).maxMinor).toBe(3000);
  });
});
