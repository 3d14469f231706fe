import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isAuthScreen, isClientRoute, pathPattern } from '../../../shared/app-routes.ts';
import { routes } from './routes.tsx';

/** Every concrete path of the route table (params filled in), the catch-all left out. */
function tablePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path ? `${parent}/${route.path.replace(/:\w+/g, 'x').replace(/\/\*$/, '')}` : parent;
    const here = route.index || (route.path && !route.children) ? [own || '/'] : [];
    return [...here, ...tablePaths(route.children ?? [], own)];
  });
}

describe('the app’s paths (shared/app-routes.ts)', () => {
  it('knows every path of the route table, so the server answers none of them 404', () => {
    const paths = tablePaths(routes);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/catalogue/genus/x',
        '/reset-password/x',
        '/account',
        '/account/2fa',
        '/account/quote-requests/x',
        '/account/trade',
        '/plant-list/quote',
        '/admin',
      ]),
    );
    expect(paths.filter((path) => !isClientRoute(path))).toEqual([]);
  });

  it('answers unknown paths as unknown', () => {
    for (const path of ['/nope', '/account/nope', '/catalogue/genus', '/catalogue/genus/a/b', '/legal', '/plant-list/nope'])
      expect(isClientRoute(path)).toBe(false);
    for (const path of ['/admin/users/3', '/about/', '/contact/sent']) expect(isClientRoute(path)).toBe(true);
  });

  it('turns route patterns into path matchers', () => {
    expect(pathPattern('')).toEqual(/^\/$/);
    expect(pathPattern('catalogue/genus/:slug').test('/catalogue/genus/acer/')).toBe(true);
    expect(pathPattern('admin/*').test('/administrator')).toBe(false);
    expect(pathPattern('legal/privacy').test('/legal-privacy')).toBe(false);
    expect(isAuthScreen('/reset-password/abc')).toBe(true);
    expect(isAuthScreen('/account')).toBe(false);
  });
});
