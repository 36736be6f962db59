import { describe, expect, it } from 'vitest';
import { filterQuery, hasFilters, statusFilterOf, viewFromSearchParams, withView } from './order-view';

const params = (text: string) => new URLSearchParams(text);

describe('the order history in the URL', () => {
  it('reads the search, status, page and open order', () => {
    expect(viewFromSearchParams(params('q=%20ada%20&status=failed&cursor=abc&order=o-1'))).toEqual({
      q: 'ada',
      status: 'failed',
      cursor: 'abc',
      order: 'o-1',
    });
    expect(viewFromSearchParams(params(''))).toEqual({});
  });

  it('takes a hand-edited status it does not know, or a label instead of a status, as every status', () => {
    expect(viewFromSearchParams(params('status=refunded')).status).toBeUndefined();
    expect(viewFromSearchParams(params('status=Delivered')).status).toBeUndefined();
    expect(viewFromSearchParams(params('status=all')).status).toBeUndefined();
    expect(statusFilterOf({})).toBe('all');
    expect(statusFilterOf({ status: 'completed' })).toBe('completed');
  });

  it('cuts a search longer than the API takes', () => {
    expect(viewFromSearchParams(params(`q=${'x'.repeat(250)}`)).q).toHaveLength(200);
  });

  it('starts again at the first page when the search or status changes, keeping everything else', () => {
    const current = params('q=ada&status=completed&cursor=c2&other=1');
    expect(withView(current, { q: 'bob' }).toString()).toBe('q=bob&status=completed&other=1');
    expect(withView(current, { status: undefined }).toString()).toBe('q=ada&other=1');
    expect(withView(current, { cursor: 'c3' }).toString()).toBe('q=ada&status=completed&cursor=c3&other=1');
    expect(withView(current, { order: 'o-9' }).get('cursor')).toBe('c2');
    expect(withView(current, { q: '  ' }).has('q')).toBe(false);
    // The URL it was given is left alone.
    expect(current.get('q')).toBe('ada');
  });

  it('reads the mode, live or sandbox; another is the organisation’s own; a change of mode starts at page one', () => {
    expect(viewFromSearchParams(params('mode=sandbox')).mode).toBe('sandbox');
    expect(viewFromSearchParams(params('mode=live')).mode).toBe('live');
    expect(viewFromSearchParams(params('mode=test')).mode).toBeUndefined();
    expect(withView(params('status=failed&cursor=c2'), { mode: 'sandbox' }).toString()).toBe(
      'status=failed&mode=sandbox',
    );
    expect(filterQuery({ status: 'failed', mode: 'sandbox' })).toBe('?status=failed&mode=sandbox');
    expect(hasFilters({ mode: 'sandbox' })).toBe(true);
  });

  it('asks the API only for the filters that are set', () => {
    expect(filterQuery({})).toBe('');
    expect(filterQuery({ q: 'a&b', status: 'pending' })).toBe('?q=a%26b&status=pending');
    expect(filterQuery({ q: 'ada' }, { cursor: undefined, limit: '20' })).toBe('?q=ada&limit=20');
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ status: 'failed' })).toBe(true);
  });
});
