import { describe, expect, it } from 'vitest';
import { organisationNameFor } from './organisation-name';

describe('organisationNameFor', () => {
  it.each([
    ['jane@acme.com', 'Acme'],
    ['jane@mail.acme-corp.com', 'Acme Corp'],
    ['JANE@Acme-Corp.co.uk', 'Acme Corp'],
    ['ops@example.org.au', 'Example'],
    ['ops@localhost', 'Localhost'],
    ['jane.doe@gmail.com', "jane.doe's organisation"],
  ])('%s → %s', (email, name) => expect(organisationNameFor(email)).toBe(name));
});
