/**
 * The REST routes by name: each one's method and path (`:name` is a path parameter). The route table is this
 * list and `routes.ts`, which gives each name its request and answer schemas; the gateway registers every route
 * from the two, and readers build their URLs from it (`routeUrl`, route-url.ts), so a path cannot differ between
 * them. No TypeBox here: the web app imports this file.
 */
export type RouteMethod = 'GET' | 'POST';
export type RoutePath = { readonly method: RouteMethod; readonly path: string };

export const ROUTE_PATHS = {
  // probes
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
  status: { method: 'GET', path: '/status' },
  // players
  vikingData: { method: 'GET', path: '/api/viking/data' },
  viking: { method: 'GET', path: '/api/viking/:characterId' },
  vikingVeras: { method: 'GET', path: '/api/viking/:characterId/veras' },
  inventory: { method: 'GET', path: '/api/viking/:characterId/inventory' },
  vera: { method: 'GET', path: '/api/vera/:id' },
  // world
  leaderboard: { method: 'GET', path: '/api/leaderboard/:battleType' },
  clans: { method: 'GET', path: '/api/clans' },
  clan: { method: 'GET', path: '/api/clans/:id' },
  shop: { method: 'GET', path: '/api/shop' },
  // clan asks
  clanAsks: { method: 'GET', path: '/api/clans/:id/asks' },
  vikingClanAsks: { method: 'GET', path: '/api/viking/:characterId/clan-asks' },
  // activity
  activity: { method: 'GET', path: '/api/activity' },
  activitySeconds: { method: 'GET', path: '/api/activity/seconds' },
  // battles
  battle: { method: 'GET', path: '/api/battles/:id' },
  vikingBattles: { method: 'GET', path: '/api/viking/:characterId/battles' },
  arena: { method: 'GET', path: '/api/arena' },
  vikings: { method: 'GET', path: '/api/vikings' },
  // images
  image: { method: 'GET', path: '/api/image' },
  // sign-in
  authNonce: { method: 'GET', path: '/api/auth/nonce' },
  authVerify: { method: 'POST', path: '/api/auth/verify' },
  authSession: { method: 'GET', path: '/api/auth/session' },
  authLogout: { method: 'POST', path: '/api/auth/logout' },
  // admin (the gateway refuses them without an admin session)
  adminAudit: { method: 'GET', path: '/api/admin/audit' },
  adminAuditNewer: { method: 'GET', path: '/api/admin/audit/newer' },
  adminAuditCsv: { method: 'GET', path: '/api/admin/audit.csv' },
  adminRoles: { method: 'GET', path: '/api/admin/roles' },
  adminSearch: { method: 'GET', path: '/api/admin/search' },
  adminSessions: { method: 'GET', path: '/api/admin/sessions' },
  adminRevokeSession: { method: 'POST', path: '/api/admin/sessions/:id/revoke' },
} as const satisfies Record<string, RoutePath>;

/** The `:name` parameters of a path, as a union of names. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
