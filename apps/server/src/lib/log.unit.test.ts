import { describe, expect, it } from 'vitest';
import { redactRequestUrl } from './log';

describe('redactRequestUrl', () => {
  it('hides tokens in claim, verification and reset paths', () => {
    expect(redactRequestUrl('/claim/abcDEF123')).toBe('/claim/[redacted]');
    expect(redactRequestUrl('/verify/tok')).toBe('/verify/[redacted]');
    expect(redactRequestUrl('/reset/tok?x=1')).toBe('/reset/[redacted]?x=1');
    expect(redactRequestUrl('/reset-password/tok')).toBe('/reset-password/[redacted]');
  });

  it('hides secret-looking query values and keeps the others', () => {
    expect(redactRequestUrl('/api/v1/auth/verify?token=s3cret&next=%2Fdashboard')).toBe(
      '/api/v1/auth/verify?token=%5Bredacted%5D&next=%2Fdashboard',
    );
    expect(redactRequestUrl('/api/v1/auth/token?grant_type=password')).toBe('/api/v1/auth/token?grant_type=password');
  });

  it('leaves ordinary paths alone', () => {
    expect(redactRequestUrl('/api/v1/products?country=US')).toBe('/api/v1/products?country=US');
    expect(redactRequestUrl('/claims')).toBe('/claims');
  });
});
