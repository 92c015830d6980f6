/**
 * The activity payload declaration against the code that writes payloads (indexer/src, chain/src/activity): every
 * kind written is declared with exactly the fields it writes, so the gateway's serializer (which keeps declared
 * fields only) drops none. The values' types, and the serialized answers, are checked over a real indexed world
 * by gateway/test/serialization.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_PAYLOAD_FIELDS,
  type ActivityKind,
  type ActivityPayloads,
  ActivityRow,
  ClanEventDetail,
  jsonbKeyOrder,
  PAYLOAD_FIELDS,
} from '../src/rest/index.ts';

const root = join(import.meta.dirname, '..', '..');
const sources = [
  ...readdirSync(join(root, 'indexer', 'src'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(root, 'indexer', 'src', f)),
  join(root, 'chain', 'src', 'activity', 'index.ts'),
].map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/** The top-level keys of the object literal starting at `text[open]` (`{`), shorthand or `key: value`. */
function keysOf(text: string, open: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let token = '';
  let expectKey = true;
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '{' || c === '[' || c === '(') {
      depth++;
      if (depth === 1) continue;
    } else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) {
        if (expectKey && token.trim()) keys.push(token.trim());
        return keys;
      }
    }
    if (depth !== 1) continue;
    if (c === ',') {
      if (expectKey && token.trim()) keys.push(token.trim());
      token = '';
      expectKey = true;
    } else if (c === ':' && expectKey) {
      keys.push(token.trim());
      expectKey = false;
    } else if (expectKey) token += c;
  }
  throw new Error('unterminated object literal');
}

/** Each written kind → the payload keys written for it, read from the writers' source. */
function writtenPayloads(): Map<string, string[][]> {
  const written = new Map<string, string[][]>();
  const add = (kind: string, keys: string[]) => written.set(kind, [...(written.get(kind) ?? []), keys]);
  for (const { path, text } of sources) {
    // an activity input: `type: 'x', event: <name or names>`, then in the same object `payload: <object or variable>`
    for (const match of text.matchAll(/\btype: '\w+',\s*event: ([^,\n]+),[\s\S]*?\bpayload: (\{|\w+)/g)) {
      const names = [...(match[1] as string).matchAll(/'([A-Z]\w+)'/g)].map((m) => m[1] as string);
      const kinds = names.length > 0 ? names : linkEventNames(text, path);
      const at = (match.index as number) + match[0].length - (match[2] as string).length;
      let keys: string[];
      if (match[2] === '{') keys = keysOf(text, at);
      else {
        const declared = text.slice(0, at).lastIndexOf(`const ${match[2]} = {`);
        if (declared < 0)
          throw new Error(`${path}: payload ${match[2]} is not an object literal declared before`);
        keys = keysOf(text, text.indexOf('{', declared));
      }
      for (const kind of kinds) add(kind, keys);
    }
  }
  return written;
}

/** `onLink(context.db, event, 'AccountLinkAccepted', 'active')`: the event name is the caller's argument. */
function linkEventNames(text: string, path: string): string[] {
  const names = [...text.matchAll(/onLink\(context\.db, event, '(\w+)'/g)].map((m) => m[1] as string);
  if (names.length === 0) throw new Error(`${path}: an activity whose event name is not a literal`);
  return names;
}

describe('activity payloads', () => {
  const written = writtenPayloads();

  it('reads the writers (sanity: most kinds are found)', () => {
    expect(written.size).toBeGreaterThan(55);
  });

  it('declares every kind the indexer writes, with exactly the fields it writes', () => {
    for (const [kind, writes] of written) {
      expect(kind in ACTIVITY_PAYLOAD_FIELDS, `${kind} is written but not declared`).toBe(true);
      const declared = [...ACTIVITY_PAYLOAD_FIELDS[kind as ActivityKind]];
      // the gateway adds the toast's fields to a mint; the indexer writes the rest
      const expected =
        kind === 'VeraMinted' ? declared.filter((f) => !MINT_ADDED.includes(f as never)) : declared;
      for (const keys of writes) expect([...keys].sort(), kind).toEqual([...expected].sort());
    }
  });

  it('declares no kind nobody writes, and no field no kind carries', () => {
    expect(Object.keys(ACTIVITY_PAYLOAD_FIELDS).sort()).toEqual([...written.keys()].sort());
    const used = new Set(Object.values(ACTIVITY_PAYLOAD_FIELDS).flat());
    expect(Object.keys(PAYLOAD_FIELDS).filter((f) => !used.has(f as never))).toEqual([]);
  });

  it('puts every field in the row schema as optional', () => {
    const payload = ActivityRow.properties.payload;
    expect(Object.keys(payload.properties).sort()).toEqual(Object.keys(PAYLOAD_FIELDS).sort());
    expect(payload.required ?? []).toEqual([]);
  });

  it("lists the fields in jsonb's key order (the gateway's additions to a mint last), so answers keep their bytes", () => {
    const order = Object.keys(ActivityRow.properties.payload.properties);
    const stored = order.filter((f) => !MINT_ADDED.includes(f as never));
    expect(stored).toEqual([...stored].sort(jsonbKeyOrder));
    expect(order.slice(stored.length)).toEqual(MINT_ADDED);
    const detail = Object.keys(ClanEventDetail.properties);
    expect(detail).toEqual([...detail].sort(jsonbKeyOrder));
  });

  it('types each kind by its own fields', () => {
    const elo: ActivityPayloads['EloChanged'] = { battleType: 1, eloBefore: 1000, eloAfter: 1016 };
    const status: ActivityPayloads['ClanStatusChanged']['status'] = 2;
    const link: ActivityPayloads['AccountLinkAccepted']['status'] = 'active';
    // @ts-expect-error EloChanged carries no battleId (the row's battleId names the battle)
    elo.battleId;
    expect([elo.eloAfter, status, link]).toEqual([1016, 2, 'active']);
  });
});

/** What gateway/src/events/activity.ts adds to a mint's payload. */
const MINT_ADDED = ['veraId', 'owner', 'ownerName', 'statTotal'] as const;
