// @vitest-environment happy-dom
import { EVENT_EXAMPLES, EVENT_SCHEMAS, EVENT_TYPES } from '@giftrelay/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { DocsReference } from './docs-reference';

afterEach(cleanup);

it('the Webhooks section shows every event type with an example its schema accepts', () => {
  renderPage(<DocsReference tab="webhooks" />);
  for (const type of EVENT_TYPES) {
    const item = screen.getByText(type, { selector: 'summary code' }).closest('details');
    const shown = JSON.parse(item?.querySelector('pre')?.textContent ?? 'null');
    expect(shown).toEqual(EVENT_EXAMPLES[type]);
    expect(EVENT_SCHEMAS[type].parse(shown)).toEqual(shown);
  }
});
