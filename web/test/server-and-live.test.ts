import { describe, expect, it } from 'vitest';
import { headMarkup } from '../server/html.ts';
import { staleKeysFor } from '../src/live/cache-keys.ts';
import type { ActivityEvent } from '../src/live/protocol.ts';

const event = (over: Partial<ActivityEvent>): ActivityEvent => ({
  cursor: '00000000000000000001-000000',
  type: 'shop',
  kind: 'ShopTransaction',
  blockNumber: '1',
  logIndex: 0,
  txHash: '0x',
  timestamp: 0,
  payload: {},
  ...over,
});

describe('document head', () => {
  it('loads the entry as a deferred module, never async (it must run after the inline router bootstrap)', () => {
    const markup = headMarkup(
      { config: {} as never, session: null },
      {
        scripts: ['/assets/entry.js'],
        styles: ['/assets/app.css'],
      },
    );
    expect(markup).toContain('<script type="module" src="/assets/entry.js"></script>');
    expect(markup).not.toMatch(/\basync\b/);
  });
});

describe('live events -> stale queries', () => {
  it('refreshes the shop and the trader’s inventory after a trade', () => {
    expect(staleKeysFor(event({ characterId: '7' }))).toEqual([['shop'], ['inventory', '7']]);
  });
  it('refreshes the clan list, the clan and both people of a clan event', () => {
    const keys = staleKeysFor(event({ type: 'clan', clanId: '3', characterId: '1', otherCharacterId: '2' }));
    expect(keys).toEqual([
      ['clans'],
      ['admin-audit-newer'],
      ['clan', '3'],
      ['viking', '1'],
      ['viking', '2'],
      ['viking-data'],
    ]);
  });
  it('refreshes the leaderboard, elo plots, arena, battle pages and battle lists after a battle', () => {
    expect(staleKeysFor(event({ type: 'battle', characterId: '1', otherCharacterId: '2' }))).toEqual([
      ['leaderboard'],
      ['elo-history'],
      ['arena'],
      ['battle'],
      ['viking', '1'],
      ['viking', '2'],
      ['viking-battles', '1'],
      ['viking-battles', '2'],
    ]);
  });
});
