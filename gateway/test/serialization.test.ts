/**
 * The typed answer parts (activity payloads, battle veras, clan event details, bank locks) as REST answers carry
 * them. fast-json-stringify writes only the fields a schema declares and
 * turns a value into its declared type, so a payload field missing from @skald/wire's PAYLOAD_FIELDS, or declared
 * with another type, would silently change the answer (the live stream, plain JSON, would still carry it). Here:
 * samples of every declared kind through the route's own schema, then every row of a real indexed world, whose
 * fields must be declared for its kind with their types and reach /api/activity exactly as the gateway built them;
 * the world's battles, clans and inventories likewise reach their routes whole.
 * (wire/test/payload.test.ts checks the declaration against the indexer's writers, kind by kind.)
 */
import { ACTIVITY_PAYLOAD_FIELDS, type ActivityKind, PAYLOAD_FIELDS, ROUTE_SCHEMAS } from '@skald/wire/rest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../src/events/activity.ts';
import { injectGateway, startWorld, type World } from './fixtures/world.ts';

/** The route's answer as the client reads it, against what the handler returned, read as plain JSON. */
async function throughSchema(items: StreamEvent[]) {
  const app = Fastify();
  app.get('/', { schema: { response: { 200: ROUTE_SCHEMAS.activity.response } } }, async () => ({
    items,
    next: null,
    asOf: null,
  }));
  const answer = (await app.inject('/')).json();
  await app.close();
  return answer.items;
}

/** Values of a declared field's schema: one per JSON type it admits (a big decimal for a string). */
function samples(schema: TSchema): unknown[] {
  const s = schema as {
    type?: string | string[];
    items?: TSchema;
    properties?: Record<string, TSchema>;
  };
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.map((type) => {
    if (type === 'string') return '340282366920938463463374607431768211455';
    if (type === 'integer') return 65_535;
    if (type === 'boolean') return true;
    if (type === 'null') return null;
    if (type === 'array') return [samples(s.items as TSchema)[0], samples(s.items as TSchema)[0]];
    if (type === 'object')
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, samples(v)[0]]));
    throw new Error(`no sample for type ${type}`);
  });
}

const row = (kind: string, payload: Record<string, unknown>, n: number) =>
  ({
    cursor: `${String(n).padStart(20, '0')}-000000`,
    type: 'admin',
    kind,
    blockNumber: String(n),
    logIndex: 0,
    txHash: `0x${'ab'.repeat(32)}`,
    timestamp: 1_700_000_000,
    payload,
  }) as StreamEvent;

describe('the declared payloads', () => {
  it('pass the route schema whole, each field in every type it admits', async () => {
    const rows: StreamEvent[] = [];
    for (const [kind, fields] of Object.entries(ACTIVITY_PAYLOAD_FIELDS)) {
      const values = fields.map((f) => samples(PAYLOAD_FIELDS[f]));
      const variants = Math.max(1, ...values.map((v) => v.length));
      for (let i = 0; i < variants; i++)
        rows.push(
          row(
            kind,
            Object.fromEntries(fields.map((f, j) => [f, values[j]?.[i % values[j].length]])),
            rows.length,
          ),
        );
    }
    expect(await throughSchema(rows)).toEqual(JSON.parse(JSON.stringify(rows)));
  });

  it('drop a field no kind declares (why every written field must be declared)', async () => {
    const [answer] = await throughSchema([row('QueueLeft', { battleType: 1, undeclared: 'x' }, 1)]);
    expect(answer.payload).toEqual({ battleType: 1 });
  });
});

describe('over an indexed world', () => {
  let world: World;
  let app: FastifyInstance;
  let events: StreamEvent[];

  beforeAll(async () => {
    world = await startWorld(120, 3);
    app = await injectGateway(world);
    events = [];
    let before: string | undefined;
    do {
      const page = await app.repos.activity.history({ limit: 100, before, order: 'desc' });
      events.push(...page.items);
      before = page.next ?? undefined;
    } while (before);
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await world?.stop();
  });

  it('holds payloads of many kinds', () => {
    const kinds = new Set(events.map((e) => e.kind));
    expect(kinds.size).toBeGreaterThan(15);
  });

  it('declares every payload field of every row for its kind, with its type', () => {
    for (const e of events) {
      expect(e.kind in ACTIVITY_PAYLOAD_FIELDS, `${e.kind} is not declared`).toBe(true);
      const declared: readonly string[] = ACTIVITY_PAYLOAD_FIELDS[e.kind as ActivityKind];
      for (const [field, value] of Object.entries(e.payload)) {
        expect(declared, `${e.kind}.${field}`).toContain(field);
        const schema = PAYLOAD_FIELDS[field as keyof typeof PAYLOAD_FIELDS];
        expect(Value.Check(schema, value), `${e.kind}.${field} = ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('answers every row of /api/activity as the gateway built it', async () => {
    const answered: unknown[] = [];
    let url = '/api/activity?limit=100';
    for (;;) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      answered.push(...page.items);
      if (!page.next) break;
      url = `/api/activity?limit=100&before=${page.next}`;
    }
    expect(answered).toEqual(JSON.parse(JSON.stringify(events)));
    // each payload as the same text, key order included (JSON.parse keeps it): the row's own fields come in the
    // schema's order, as they always have, but the payload used to be written as it was stored
    for (const [i, e] of events.entries())
      expect(JSON.stringify((answered[i] as StreamEvent).payload), `${e.kind} ${e.cursor}`).toBe(
        JSON.stringify(e.payload),
      );
  });

  /** `url`'s answer (200) against the repository's value as plain JSON, key order included. */
  const same = async (url: string, built: unknown, pick: (answer: Record<string, unknown>) => unknown) => {
    const res = await app.inject(url);
    expect(res.statusCode, url).toBe(200);
    expect(JSON.stringify(pick(res.json())), url).toBe(JSON.stringify(built));
  };

  it('answers battles with their veras, clans with their events, inventories with their bank as built', async () => {
    const battles = await world.reader.sql<
      { id: string }[]
    >`SELECT id::text FROM battle ORDER BY id LIMIT 20`;
    const clans = await world.reader.sql<{ id: string }[]>`SELECT id::text FROM clan ORDER BY id LIMIT 20`;
    const savers = await world.reader.sql<{ id: string }[]>`
      SELECT id::text FROM character WHERE id IN (SELECT character_id FROM bank_lock) ORDER BY id LIMIT 20`;
    expect(battles.length).toBeGreaterThan(0);
    expect(clans.length).toBeGreaterThan(0);
    for (const { id } of battles) {
      const detail = await app.repos.battles.detail(id);
      await same(`/api/battles/${id}`, detail, (a) => a);
    }
    let events = 0;
    for (const { id } of clans) {
      const detail = await app.repos.clans.detail(id);
      events += detail?.events.length ?? 0;
      await same(`/api/clans/${id}`, detail?.events, (a) => a.events);
    }
    expect(events).toBeGreaterThan(0);
    for (const { id } of savers) {
      const inventory = await app.repos.economy.inventory(id);
      await same(`/api/viking/${id}/inventory`, { bank: inventory.bank, gems: inventory.gems }, (a) => ({
        bank: a.bank,
        gems: a.gems,
      }));
    }
  });
});
