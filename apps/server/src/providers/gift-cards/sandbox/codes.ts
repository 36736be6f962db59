import { randomBytes, randomInt } from 'node:crypto';

// Letters and digits without the pairs people misread (0/O, 1/I/L), as real claim codes do.
const ALPHANUMERIC = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A code in a brand's format (see Brand.codeFormat), every random character drawn from the
 * operating system's CSPRNG. `L` completes the digits so far with a Luhn check digit, as card
 * numbers have.
 */
export function generateCode(format: string): string {
  let out = '';
  const digits: number[] = [];
  for (const ch of format) {
    if (ch === 'A') {
      out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
    } else if (ch === '9') {
      const d = randomInt(10);
      digits.push(d);
      out += d;
    } else if (ch === 'L') {
      const d = luhnCheckDigit(digits);
      digits.push(d);
      out += d;
    } else {
      if (ch >= '0' && ch <= '8') digits.push(Number(ch));
      out += ch;
    }
  }
  return out;
}

/** The digit that makes `digits` followed by it pass the Luhn check. */
export function luhnCheckDigit(digits: readonly number[]): number {
  let sum = 0;
  // Counting from the right of the payload, every first, third, … digit is doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = digits[digits.length - 1 - i] ?? 0;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function passesLuhn(number: string): boolean {
  const digits = [...number.replace(/\D/g, '')].map(Number);
  const check = digits.pop();
  return check !== undefined && luhnCheckDigit(digits) === check;
}

/** An identifier such as the provider's order id: `prefix` and `length` characters from the CSPRNG. */
export function randomId(prefix: string, length: number): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
