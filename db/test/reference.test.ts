/** The generated index reference matches the declarations, and every table and column is described. */
import { readFileSync } from 'node:fs';
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { onchainTable } from 'ponder';
import { describe, expect, it } from 'vitest';
import { documented, tableDocs, timeColumnName, timeOf } from '../src/docs.ts';
import { renderReference } from '../src/reference.ts';
import { instant } from '../src/tables/columns.ts';
import * as tables from '../src/tables/index.ts';

/** Table padding is the formatter's business, not the content's. */
const normalize = (md: string) =>
  md
    .split('\n')
    .map((line) => (line.startsWith('|') ? line.replace(/\s*\|\s*/g, '|').replace(/-{3,}/g, '---') : line))
    .join('\n');

describe('index reference', () => {
  it('describes every declared table and every column', () => {
    const declared = Object.values(tables).filter((t) => is(t, Table)) as Table[];
    expect(declared.length).toBeGreaterThan(30);
    const docs = new Map(tableDocs().map((d) => [d.name, d]));
    for (const table of declared) {
      const doc = docs.get(getTableName(table));
      expect(doc?.description, getTableName(table)).toMatch(/\w{3}/);
      for (const column of Object.values(getTableColumns(table))) {
        const said = doc?.columns.find((c) => c.name === column.name)?.description;
        expect(said, `${getTableName(table)}.${column.name}`).toMatch(/\w{2}/);
      }
    }
  });

  it('is committed as generated (npm run docs -w @skald/db)', () => {
    const committed = readFileSync(new URL('../../docs/index-reference.md', import.meta.url), 'utf8');
    expect(normalize(committed)).toBe(normalize(renderReference()));
  });
});

describe('timestamptz twins of unix-seconds columns', () => {
  it('names each twin by one rule', () => {
    expect(timeColumnName('started_at')).toBe('started_time');
    expect(timeColumnName('last_login_at')).toBe('last_login_time');
    expect(timeColumnName('lock_date')).toBe('lock_time');
    expect(timeColumnName('end_timestamp')).toBe('end_time');
    expect(timeColumnName('timestamp')).toBe('block_time');
    expect(timeColumnName('deadline')).toBe('deadline_time');
  });

  it('gives every unix-seconds column of the index its twin, as a timestamptz', () => {
    const twins = tableDocs().flatMap((t) =>
      t.columns.filter((c) => c.unixColumn).map((c) => `${t.name}.${c.unixColumn} ${c.name}`),
    );
    const events = [
      'admin_grant',
      'admin_action',
      'activity',
      'clan_event',
      'elo_history',
      'currency_change',
    ];
    const moreEvents = ['shop_trade', 'role_change', 'mint', 'vera_transfer'];
    expect(twins.sort()).toEqual(
      [
        ...[...events, ...moreEvents].map((t) => `${t}.timestamp block_time`),
        'clan.founded_at founded_time',
        'clan_member.joined_at joined_time',
        'clan_invite.invited_at invited_time',
        'battle.started_at started_time',
        'battle.deadline deadline_time',
        'battle.resolved_at resolved_time',
        'battle_action.submitted_at submitted_time',
        'battle_queue.entered_at entered_time',
        'battle_challenge.sent_at sent_time',
        'battle_challenge.closed_at closed_time',
        'loot_box.end_timestamp end_time',
        'bank_lock.lock_date lock_time',
        'bank_lock.unlock_date unlock_time',
        'bank_lock.unlocked_at unlocked_time',
        'account_link.requested_at requested_time',
        'account_link.updated_at updated_time',
        'character.registered_at registered_time',
        'character.last_login_at last_login_time',
        'vera.minted_at minted_time',
      ].sort(),
    );
    for (const t of tableDocs())
      for (const twin of t.columns.filter((c) => c.unixColumn)) {
        const unix = t.columns.find((c) => c.name === twin.unixColumn);
        expect(unix?.type, `${t.name}.${unix?.name}`).toBe('numeric(78, 0)');
        expect(unix?.description, `${t.name}.${unix?.name}`).toMatch(/unix seconds/);
        expect(twin.type, `${t.name}.${twin.name}`).toBe('timestamp with time zone');
        expect(twin.name).toBe(timeColumnName(unix?.name ?? ''));
        // a twin is null only where its unix column may be, or where a far-off unlock date cannot be a timestamp
        if (unix?.notNull && !twin.notNull) expect(`${t.name}.${twin.name}`).toBe('bank_lock.unlock_time');
      }
  });

  it('refuses a declaration with a unix-seconds column and no twin, or a twin of nothing', () => {
    const noTwin = onchainTable('twin_test_a', (t) => ({ id: t.integer().primaryKey(), seenAt: t.bigint() }));
    expect(() => documented('test', noTwin, 'a test', { id: 'id', seenAt: 'seen, unix seconds' })).toThrow(
      'twin_test_a: seen_at is unix seconds without seen_time',
    );
    const orphan = onchainTable('twin_test_b', (t) => ({
      id: t.integer().primaryKey(),
      seenTime: t.timestamp(instant),
    }));
    expect(() => documented('test', orphan, 'a test', { id: 'id', seenTime: timeOf('seen_at') })).toThrow(
      'twin_test_b: seen_time is a timestamptz twin of no unix-seconds column',
    );
    expect(tableDocs().some((t) => t.name.startsWith('twin_test'))).toBe(false);
  });
});
