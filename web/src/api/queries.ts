/**
 * One query-options factory per gateway resource. Loaders (ensureQueryData) and components (useSuspenseQuery)
 * share them, and live events write to the same keys, so the cache is the single source of truth.
 */

import type { ActivityType, AuditKind } from '@skald/game';
import type { ActivityPayloads, RouteRequest } from '@skald/wire/rest';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { Session } from '../boot.ts';
import { type Api, ApiError } from './client.ts';

export const CACHE = {
  /** spec section 9: everything is stale after 5 s and dropped 5 min after its last reader went away */
  staleMs: 5_000,
  gcMs: 5 * 60_000,
  /** viking data: stale after 30 s */
  vikingStaleMs: 30_000,
} as const;

/**
 * Spec section 9's cache ages. Route loaders (which also run on hover, to preload) read through
 * ensureQueryData; by default that returns cached data however old it is, so a hovered link would never
 * refetch. Here it revalidates stale data in the background (the page still shows the cached answer at once).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: CACHE.staleMs, gcTime: CACHE.gcMs, retry: 1 } },
  });
  const ensure = client.ensureQueryData.bind(client);
  client.ensureQueryData = ((options: Parameters<typeof ensure>[0]) =>
    ensure({ revalidateIfStale: true, ...options })) as typeof client.ensureQueryData;
  return client;
}

const VIKING_STALE_MS = CACHE.vikingStaleMs;

export const sessionQueryOptions = (api: Api) =>
  queryOptions({
    queryKey: ['session'],
    // the boot script seeds it and sign-in or sign-out replace it: nothing else changes it
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Session> => {
      try {
        return await api.call('authSession');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

export const vikingDataQueryOptions = (api: Api, address: string) =>
  queryOptions({
    queryKey: ['viking-data', address.toLowerCase()],
    queryFn: () => api.call('vikingData', { query: { address } }),
    staleTime: VIKING_STALE_MS,
    retry: false,
  });

export const vikingQueryOptions = (api: Api, characterId: string) =>
  queryOptions({
    queryKey: ['viking', characterId],
    queryFn: () => api.call('viking', { params: { characterId } }),
    staleTime: VIKING_STALE_MS,
  });

/** A vera's minted facts never change under it, and live events patch the rest: never stale, never dropped. */
export const veraQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['vera', id],
    queryFn: () => api.call('vera', { params: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const LEADERBOARD_PAGE = 100;

/** One page of the board (`page` from 1), optionally only names containing `name`. */
export const leaderboardQueryOptions = (api: Api, battleType: number, page = 1, name = '') =>
  queryOptions({
    queryKey: ['leaderboard', battleType, page, name],
    queryFn: () =>
      api.call('leaderboard', {
        params: { battleType },
        query: { limit: LEADERBOARD_PAGE, offset: (page - 1) * LEADERBOARD_PAGE, name: name || undefined },
      }),
  });

/** One point of a character's elo plot. */
export type EloPoint = { battleId: string; eloBefore: number; eloAfter: number; timestamp: number };

/** Elo history is read from the character's EloChanged activity (oldest first for the plot). */
export const eloHistoryQueryOptions = (api: Api, characterId: string, battleType: number) =>
  queryOptions({
    queryKey: ['elo-history', characterId, battleType],
    queryFn: async (): Promise<EloPoint[]> => {
      const page = await api.call('activity', { query: { type: ['battle'], characterId, limit: 100 } });
      const points: EloPoint[] = [];
      for (const e of page.items) {
        if (e.kind !== 'EloChanged') continue;
        const elo = e.payload as ActivityPayloads['EloChanged'];
        if (elo.battleType !== battleType) continue;
        // the battle is the row's subject (EloChanged carries no battleId in its payload)
        points.push({
          battleId: e.battleId ?? '',
          eloBefore: elo.eloBefore,
          eloAfter: elo.eloAfter,
          timestamp: e.timestamp,
        });
      }
      return points.reverse();
    },
  });

export const clansQueryOptions = (api: Api) =>
  queryOptions({
    queryKey: ['clans'],
    queryFn: () => api.call('clans', { query: { limit: 100 } }),
  });

export const clanQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['clan', id],
    queryFn: () => api.call('clan', { params: { id } }),
  });

export const shopQueryOptions = (api: Api, shopId: number) =>
  queryOptions({
    queryKey: ['shop', shopId],
    queryFn: async () => {
      const { shops } = await api.call('shop', { query: { shopId } });
      return shops.find((s) => s.shopId === shopId)?.items ?? [];
    },
  });

export const inventoryQueryOptions = (api: Api, characterId: string) =>
  queryOptions({
    queryKey: ['inventory', characterId],
    queryFn: () => api.call('inventory', { params: { characterId } }),
  });

export const activityQueryOptions = (
  api: Api,
  filter: { type?: ActivityType; characterId?: string; limit?: number } = {},
) =>
  queryOptions({
    queryKey: ['activity', filter.type ?? 'all', filter.characterId ?? 'all', filter.limit ?? 50],
    queryFn: () =>
      api.call('activity', {
        query: {
          limit: filter.limit ?? 50,
          type: filter.type ? [filter.type] : undefined,
          characterId: filter.characterId || undefined,
        },
      }),
  });

/** /live's first rows: the newest activity of the selected types (`grant,battle`; none: every type). */
export const liveHistoryQueryOptions = (api: Api, type: string | undefined) =>
  queryOptions({
    queryKey: ['live-history', type ?? 'all'],
    queryFn: () => api.call('activity', { query: { limit: 100, type: typeList(type) } }),
  });

/**
 * Events per second of the selected types before /live's oldest loaded row and after `since`: the part of the
 * chart's window the loaded rows do not reach. Past seconds do not change: kept as long as the page shows them.
 */
export const activitySecondsQueryOptions = (
  api: Api,
  q: { type: string | undefined; before: string; since: number },
) =>
  queryOptions({
    queryKey: ['activity-seconds', q.type ?? 'all', q.before, q.since],
    queryFn: () =>
      api.call('activitySeconds', { query: { before: q.before, since: q.since, type: typeList(q.type) } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The home page's panels read as many rows as they show (the page carries them in its HTML). */
export const HOME_PULSE = { limit: 10 };
export const HOME_MINTS = { type: 'mint' as const, limit: 8 };

/**
 * The types of a `grant,battle` list as the URL holds it (none: every type). Not checked here: the gateway
 * answers 400 to a type it does not know, as for any other malformed query.
 */
function typeList(list: string | undefined): ActivityType[] | undefined {
  return list?.split(',') as ActivityType[] | undefined;
}

/** The audit's filters as the URL holds them (see routes/admin/index.tsx). */
export type AuditFilter = {
  admin?: string;
  /** every admin but this one */
  exceptAdmin?: string;
  target?: string;
  kind?: string;
  from?: number;
  to?: number;
  tx?: string;
};

/** The filter as the audit routes' query: empty fields left out (the gateway checks the rest, `kind` included). */
export function auditQuery(filter: AuditFilter): RouteRequest<'adminAuditCsv'>['query'] {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') query[key] = value;
  return query as { kind?: AuditKind };
}

export const auditQueryOptions = (
  api: Api,
  filter: AuditFilter,
  cursor: { before?: string; after?: string },
  limit = 25,
) =>
  queryOptions({
    queryKey: ['admin-audit', filter, cursor, limit],
    queryFn: () => api.call('adminAudit', { query: { ...auditQuery(filter), ...cursor, limit } }),
    // a page under a cursor never changes; the head page is refreshed on demand ("N new")
    staleTime: cursor.before || cursor.after ? Number.POSITIVE_INFINITY : 5_000,
  });

export const auditNewerQueryOptions = (api: Api, filter: AuditFilter, after: string | undefined) =>
  queryOptions({
    queryKey: ['admin-audit-newer', filter, after],
    queryFn: () => {
      if (after === undefined) throw new Error('no audit cursor'); // not reached: enabled only with one
      return api.call('adminAuditNewer', { query: { ...auditQuery(filter), after } });
    },
    enabled: after !== undefined,
  });

export const battleQueryOptions = (api: Api, battleId: string) =>
  queryOptions({
    queryKey: ['battle', battleId],
    queryFn: () => api.call('battle', { params: { id: battleId } }),
  });

export const vikingBattlesQueryOptions = (api: Api, characterId: string) =>
  queryOptions({
    queryKey: ['viking-battles', characterId],
    queryFn: () => api.call('vikingBattles', { params: { characterId }, query: { limit: 50 } }),
  });

export const arenaQueryOptions = (api: Api, characterId: string | undefined) =>
  queryOptions({
    queryKey: ['arena', characterId ?? 'none'],
    queryFn: () => api.call('arena', { query: { characterId: characterId || undefined } }),
  });

export const vikingSearchQueryOptions = (api: Api, name: string) =>
  queryOptions({
    queryKey: ['viking-search', name.toLowerCase()],
    queryFn: () => api.call('vikings', { query: { name, limit: 10 } }),
    staleTime: 30_000,
  });

/** Keyed under the clan so every clan event refreshes it. */
export const clanAsksQueryOptions = (api: Api, clanId: string) =>
  queryOptions({
    queryKey: ['clan', clanId, 'asks'],
    queryFn: () => api.call('clanAsks', { params: { id: clanId } }),
  });

/** Keyed under the viking so clan events naming the character refresh it. */
export const vikingClanAsksQueryOptions = (api: Api, characterId: string) =>
  queryOptions({
    queryKey: ['viking', characterId, 'clan-asks'],
    queryFn: () => api.call('vikingClanAsks', { params: { characterId } }),
  });
