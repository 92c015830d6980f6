/** The route table: paths and schemas agree, and `routeUrl` builds the URLs readers fetch. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ROUTE_PATHS,
  ROUTE_SCHEMAS,
  ROUTES,
  type RouteArgs,
  type RouteName,
  type RouteRequest,
  type RouteResponse,
  routeUrl,
  type VeraRecord,
} from '../src/rest/index.ts';

describe('route table', () => {
  it('gives every path its schemas, and params name exactly the path parameters', () => {
    expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual(Object.keys(ROUTE_PATHS).sort());
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const route = ROUTES[name];
      const inPath = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const params = 'params' in route ? Object.keys(route.params.properties).sort() : [];
      expect(params, name).toEqual(inPath);
      expect(route.response, name).toBeDefined();
    }
  });

  it('has one route per method and path', () => {
    const keys = Object.values(ROUTE_PATHS).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('routeUrl', () => {
  it('fills path parameters, encoded', () => {
    expect(routeUrl('vera', { params: { id: '12' } })).toBe('/api/vera/12');
    expect(routeUrl('leaderboard', { params: { battleType: 2 } })).toBe('/api/leaderboard/2');
    expect(routeUrl('adminRevokeSession', { params: { id: 'a/b' } })).toBe(
      '/api/admin/sessions/a%2Fb/revoke',
    );
  });

  it('writes defined query values, arrays as repeated keys', () => {
    expect(
      routeUrl('activity', { query: { type: ['grant', 'battle'], limit: 100, characterId: undefined } }),
    ).toBe('/api/activity?type=grant&type=battle&limit=100');
    expect(routeUrl('vikingData', { query: { address: '0x00000000000000000000000000000000000000aa' } })).toBe(
      '/api/viking/data?address=0x00000000000000000000000000000000000000aa',
    );
    expect(routeUrl('vikings', { query: { name: 'Ástríðr & co' } })).toBe(
      '/api/vikings?name=%C3%81str%C3%AD%C3%B0r+%26+co',
    );
    expect(routeUrl('arena')).toBe('/api/arena');
    expect(routeUrl('arena', { query: {} })).toBe('/api/arena');
  });

  it('refuses a missing path parameter', () => {
    expect(() => routeUrl('vera', { params: {} } as never)).toThrow(/id/);
  });

  it('types requests and answers from the schemas', () => {
    expectTypeOf<RouteResponse<'vera'>>().toEqualTypeOf<VeraRecord>();
    expectTypeOf<RouteRequest<'vera'>>().toEqualTypeOf<{ params: { id: string } }>();
    // fields with a default may be left out; the others may not
    expectTypeOf<{ query: { name: string } }>().toMatchTypeOf<RouteRequest<'vikings'>>();
    expectTypeOf<{ query: { limit: number } }>().not.toMatchTypeOf<RouteRequest<'vikings'>>();
    expectTypeOf<RouteArgs<'arena'>>().toEqualTypeOf<[request?: RouteRequest<'arena'>]>();
    expectTypeOf<RouteArgs<'viking'>>().toEqualTypeOf<[request: RouteRequest<'viking'>]>();
    expectTypeOf<RouteRequest<'authVerify'>['body']>().toEqualTypeOf<{
      message: string;
      signature: string;
    }>();
  });
});
