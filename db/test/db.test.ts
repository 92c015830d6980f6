import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, liveChannel, onTablesChanged, parseDbEnv } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase('skald_db_test');
  url = database.databaseUrl;
});

afterAll(async () => {
  await database?.drop();
});

describe('parseDbEnv', () => {
  it('defaults the views schema and lists every bad variable', () => {
    expect(parseDbEnv({}).SKALD_VIEWS_SCHEMA).toBe('skald');
    expect(() =>
      parseDbEnv({ DATABASE_URL: 'mysql://x', SKALD_VIEWS_SCHEMA: 'Bad-Name', PG_PORT: '0' }),
    ).toThrow(/DATABASE_URL[\s\S]*SKALD_VIEWS_SCHEMA[\s\S]*PG_PORT/);
  });
});

describe('createDb', () => {
  it('reads the views schema through the search path and maps numeric(78) to bigint', async () => {
    const reader = createDb({ databaseUrl: url, viewsSchema: 'skald_views' });
    await reader.sql`CREATE SCHEMA skald_views`;
    await reader.sql`CREATE TABLE skald_views.species
      (id integer PRIMARY KEY, name text, slug text, trait text, playable boolean)`;
    await reader.sql`INSERT INTO skald_views.species VALUES (1, 'Bjorn', 'bjorn', 'bear, melee', true)`;
    await reader.sql`CREATE TABLE skald_views.battle_type_setting
      (battle_type integer PRIMARY KEY, enabled boolean, updated_block numeric(78, 0))`;
    await reader.sql`INSERT INTO skald_views.battle_type_setting VALUES (1, true, 18446744073709551617)`;
    const { battleTypeSetting, species } = await import('../src/index.ts');
    const rows = await reader.db.select().from(species);
    expect(rows).toEqual([{ id: 1, name: 'Bjorn', slug: 'bjorn', trait: 'bear, melee', playable: true }]);
    const settings = await reader.db.select().from(battleTypeSetting);
    expect(settings).toEqual([{ battleType: 1, enabled: true, updatedBlock: 18446744073709551617n }]);
    await reader.close();
  });

  it('reads a timestamptz twin as the text Postgres prints, the same instant as its unix column', async () => {
    const reader = createDb({ databaseUrl: url, viewsSchema: 'skald_times' });
    await reader.sql`CREATE SCHEMA skald_times`;
    await reader.sql`CREATE TABLE skald_times.battle_queue (character_id numeric(78, 0), battle_type integer,
      vera_ids numeric(78, 0)[], entered_at numeric(78, 0), entered_time timestamptz,
      PRIMARY KEY (character_id, battle_type))`;
    await reader.sql`INSERT INTO skald_times.battle_queue VALUES (7, 1, '{3}', 1738324800, to_timestamp(1738324800))`;
    const { battleQueue } = await import('../src/index.ts');
    const [row] = await reader.db.select().from(battleQueue);
    expect(row?.enteredAt).toBe(1738324800n);
    expect(row?.enteredTime).toBeTypeOf('string');
    const [same] = await reader.sql<{ equal: boolean }[]>`
      SELECT ${row?.enteredTime ?? ''}::timestamptz = to_timestamp(1738324800) AS equal`;
    expect(same?.equal).toBe(true);
    await reader.close();
  });

  it('delivers the live-query notification a reader listens for', async () => {
    const reader = createDb({ databaseUrl: url, viewsSchema: 'skald_views' });
    const got = new Promise<string[]>((resolve) => {
      void onTablesChanged(reader.sql, 'skald_views', resolve);
    });
    await new Promise((r) => setTimeout(r, 200));
    await reader.sql`SELECT pg_notify(${liveChannel('skald_views')}, '["activity","vera"]')`;
    expect(await got).toEqual(['activity', 'vera']);
    await reader.close();
  });
});
