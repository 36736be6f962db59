import { CLIENT_ROUTES, isClientRoute } from '@giftrelay/contracts/routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page path the router declares, `:param` patterns kept; layouts add their segment to their children. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && !route.children?.length) ? [here || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}

// The server answers paths outside CLIENT_ROUTES with a real 404 (apps/server/src/plugins/web.ts):
// a page the router has but the list lacks would be served as "not found" on a reload.
describe('the router and the server’s list of client routes', () => {
  const declared = pagePaths(routes);

  it('finds the pages (the walk itself works)', () => {
    expect(declared).toContain('/');
    expect(declared).toContain('/catalog');
    expect(declared).toContain('/dashboard');
    expect(declared).toContain('/claim/:token');
  });

  it('every route in router.tsx is in CLIENT_ROUTES, and the server takes a real address of it for a page', () => {
    const missing = declared.filter((p) => !(CLIENT_ROUTES as readonly string[]).includes(p));
    expect(missing).toEqual([]);
    for (const pattern of declared) {
      expect(isClientRoute(pattern.replace(/:[^/]+/g, 'abc123')), pattern).toBe(true);
    }
  });

  it('every path in CLIENT_ROUTES is a page of the router, not its 404', () => {
    expect(CLIENT_ROUTES.filter((p) => !declared.includes(p))).toEqual([]);
  });
});
