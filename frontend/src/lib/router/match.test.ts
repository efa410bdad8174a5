import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteConfig } from './match';

// The app's own tree (app/routes.tsx): one layout route around the pages.
const pages: RouteConfig<string>[] = [
  {
    value: 'layout',
    children: [
      { index: true, value: 'home' },
      { path: 'login', value: 'login' },
      { path: 'shared/:token', value: 'shared' },
      { path: '*', value: 'not-found' },
      { path: 'dashboard', value: 'dashboard' },
    ],
  },
];

describe('matchRoutes', () => {
  it.each([
    ['/', ['layout', 'home'], {}],
    ['/login', ['layout', 'login'], {}],
    ['/login/', ['layout', 'login'], {}],
    ['/LOGIN', ['layout', 'login'], {}],
    // "*" is written before /dashboard but ranks last.
    ['/dashboard', ['layout', 'dashboard'], {}],
    ['/shared/tok_abc', ['layout', 'shared'], { token: 'tok_abc' }],
    ['/shared/a%20b', ['layout', 'shared'], { token: 'a b' }],
    ['/shared', ['layout', 'not-found'], { '*': 'shared' }],
    ['/login/extra', ['layout', 'not-found'], { '*': 'login/extra' }],
    ['/nope/deeper', ['layout', 'not-found'], { '*': 'nope/deeper' }],
  ])('%s selects %j with params %j', (pathname, chain, params) => {
    const matches = matchRoutes(pages, pathname);
    expect(matches?.map((m) => m.route.value)).toEqual(chain);
    expect(matches?.at(-1)?.params).toEqual(params);
  });

  it('matches nothing when no route fits and there is no "*"', () => {
    expect(matchRoutes([{ path: '/login', value: 'login' }], '/signup')).toBeNull();
    expect(matchRoutes([{ index: true, value: 'home' }], '/x')).toBeNull();
  });

  it('takes absolute paths as the tests write them', () => {
    const routes: RouteConfig<string>[] = [
      { path: '/shared/:token', value: 'shared' },
      { path: '/', value: 'landing' },
    ];
    expect(matchRoutes(routes, '/')?.map((m) => m.route.value)).toEqual(['landing']);
    expect(matchRoutes(routes, '/shared/t1')?.[0]?.params).toEqual({ token: 't1' });
  });
});
