// @vitest-environment happy-dom
import { SERVER_DATA_ID } from '@giftrelay/contracts/routes';
import { afterEach, describe, expect, it } from 'vitest';
import { clearServerData, readServerData, serverData } from './server-data';

describe('the data a page was rendered with on the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    clearServerData();
  });

  it('is read from the page once, and dropped when the page is no longer the one rendered', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVER_DATA_ID}">{"posts":[{"slug":"a","title":"\\u003cb>"}]}</script>`;
    expect(serverData('posts')).toBeUndefined();
    readServerData(document);
    expect(serverData('posts')).toEqual([{ slug: 'a', title: '<b>' }]);
    clearServerData();
    expect(serverData('posts')).toBeUndefined();
  });

  it('is nothing on a page without it, or with a block that is not JSON', () => {
    readServerData(document);
    expect(serverData('post')).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${SERVER_DATA_ID}">{oops</script>`;
    readServerData(document);
    expect(serverData('post')).toBeUndefined();
  });
});
