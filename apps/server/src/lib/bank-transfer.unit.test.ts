import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { abaIsValid, bankReference, displayAccount, ibanIsValid } from './bank-transfer';

const US = {
  BANK_TRANSFER_BENEFICIARY: 'GiftRelay Inc.',
  BANK_TRANSFER_BANK: 'First Example Bank',
  BANK_TRANSFER_ACCOUNT: '000123456789',
  BANK_TRANSFER_ROUTING: '021000021',
};

describe('bank transfer configuration', () => {
  it('is off when no variable is set', () => {
    expect(loadConfig({}).bankTransfer).toBeNull();
  });

  it('reads a US account with a routing number, and an IBAN with a SWIFT code', () => {
    expect(loadConfig(US).bankTransfer).toEqual({
      beneficiary: 'GiftRelay Inc.',
      bankName: 'First Example Bank',
      account: '000123456789',
      routing: '021000021',
      swift: null,
      bankAddress: null,
    });
    const eu = loadConfig({
      BANK_TRANSFER_BENEFICIARY: 'GiftRelay GmbH',
      BANK_TRANSFER_BANK: 'Beispielbank',
      BANK_TRANSFER_ACCOUNT: 'de89 3704 0044 0532 0130 00',
      BANK_TRANSFER_SWIFT: 'cobadeffxxx',
    }).bankTransfer;
    expect(eu).toMatchObject({ account: 'DE89370400440532013000', swift: 'COBADEFFXXX', routing: null });
    expect(displayAccount(eu?.account ?? '')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('stops the server naming what is missing or wrong', () => {
    expect(() => loadConfig({ BANK_TRANSFER_BANK: 'First Example Bank' })).toThrow(ConfigError);
    expect(() => loadConfig({ BANK_TRANSFER_BANK: 'First Example Bank' })).toThrow(
      /BANK_TRANSFER_BENEFICIARY must be set/,
    );
    expect(() => loadConfig({ ...US, BANK_TRANSFER_ROUTING: '' })).toThrow(
      /BANK_TRANSFER_ROUTING or BANK_TRANSFER_SWIFT/,
    );
    expect(() => loadConfig({ ...US, BANK_TRANSFER_ROUTING: '021000022' })).toThrow(
      /BANK_TRANSFER_ROUTING .*check digit/,
    );
    expect(() => loadConfig({ ...US, BANK_TRANSFER_ACCOUNT: 'DE89370400440532013001' })).toThrow(
      /BANK_TRANSFER_ACCOUNT/,
    );
    expect(() => loadConfig({ ...US, BANK_TRANSFER_SWIFT: 'NOPE' })).toThrow(/BANK_TRANSFER_SWIFT must be a SWIFT/);
    expect(() => loadConfig({ ...US, BANK_TRANSFER_BENEFICIARY: 'a\u0000b' })).toThrow(/control characters/);
  });

  it('checks IBANs and ABA routing numbers by their check digits', () => {
    expect(ibanIsValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanIsValid('GB82WEST12345698765433')).toBe(false);
    expect(abaIsValid('011000015')).toBe(true);
    expect(abaIsValid('011000016')).toBe(false);
  });

  it('gives each organisation a stable reference of 13 characters without I, L, O or U', () => {
    const a = bankReference('8a6e0804-2bd0-4672-b79d-d97027f9071a');
    expect(a).toMatch(/^GR-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(bankReference('8a6e0804-2bd0-4672-b79d-d97027f9071a')).toBe(a);
    const many = new Set(Array.from({ length: 2000 }, (_, i) => bankReference(`org-${i}`)));
    expect(many.size).toBe(2000);
  });
});
