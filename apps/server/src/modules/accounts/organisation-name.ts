// Addresses at these domains say nothing about an employer.
const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
]);

// Second-level labels under which the organisation's own name is one label further left.
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc']);

/**
 * A first name for a new organisation, from the sign-up address: `jane@acme-corp.co.uk` gives
 * "Acme Corp"; a personal address gives "jane's organisation". Owners can rename it later.
 */
export function organisationNameFor(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  if (PERSONAL_DOMAINS.has(domain)) return `${local.slice(0, 60)}'s organisation`;
  const labels = domain.split('.').filter(Boolean);
  let i = labels.length - 2;
  if (i > 0 && SECOND_LEVEL.has(labels[i] ?? '') && (labels[labels.length - 1] ?? '').length === 2) i -= 1;
  const label = labels[Math.max(0, i)] ?? domain;
  const words = label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return (words.join(' ') || domain).slice(0, 100);
}
