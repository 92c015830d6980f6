import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeIdOfChunk } from '../server/assets.ts';
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
  it('starts the entry after the document is parsed and painted (after the inline router bootstrap)', () => {
    const markup = headMarkup(
      { config: {} as never, session: null },
      {
        scripts: ['/assets/entry.js'],
        styles: ['/assets/app.css'],
      },
    );
    expect(markup).toContain('s.type=\'module\';s.src="/assets/entry.js"');
    expect(markup).toContain("addEventListener('DOMContentLoaded',later)");
    expect(markup).toContain('requestAnimationFrame');
    expect(markup).not.toMatch(/\basync\b/);
    expect(markup).not.toContain('<script type="module"');
  });
  it('inlines the stylesheet and modulepreloads the entry’s imports, nothing render-blocking', () => {
    const markup = headMarkup(
      { config: {} as never, session: null },
      {
        scripts: ['/assets/entry.js'],
        styles: [],
        inlineCss: 'body{margin:0}',
        preloads: ['/assets/react.js'],
      },
    );
    expect(markup).toContain('<style>body{margin:0}</style>');
    expect(markup).toContain('["/assets/react.js"].forEach');
    expect(markup).toContain("l.rel='modulepreload'");
    expect(markup).not.toContain('rel="stylesheet"');
  });
});

describe('route chunks -> route ids', () => {
  it('names every route of the generated tree by its file, as the router does', () => {
    const tree = readFileSync(fileURLToPath(new URL('../src/routeTree.gen.ts', import.meta.url)), 'utf8');
    const block = tree.slice(tree.indexOf('export interface FileRoutesById'));
    const byId = [...block.slice(0, block.indexOf('}')).matchAll(/'([^']+)': typeof (\w+)/g)];
    const files = new Map(
      [...tree.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)].map((m) => [m[1], m[2]]),
    );
    expect(byId.length).toBeGreaterThan(10);
    for (const [, id, name] of byId) {
      if (id === '__root__') continue;
      const file = files.get(`${(name as string).replace(/WithChildren$/, '')}Import`);
      expect(routeIdOfChunk(`src/routes/${file}.tsx?tsr-split=component`), `${file}`).toBe(id);
    }
    expect(routeIdOfChunk('src/routes/-components/home.tsx')).toBeUndefined();
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
