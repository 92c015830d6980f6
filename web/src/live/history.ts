/** /live's first rows: the newest activity of the selected types, before the live stream adds to them. */
import { parseActivityTypes } from '@skald/game';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../api/client.ts';
import type { ActivityPage } from '../api/types.ts';

export const LIVE_HISTORY_ROWS = 100;

export const liveHistoryQueryOptions = (api: Api, type: string | undefined) =>
  queryOptions({
    queryKey: ['live-history', type ?? 'all'],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(LIVE_HISTORY_ROWS) });
      for (const t of parseActivityTypes(type)) params.append('type', t);
      return api.get<ActivityPage>(`/api/activity?${params}`);
    },
  });
