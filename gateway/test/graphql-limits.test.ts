/**
 * The GraphQL limits on their own (no stack): crafted documents are refused quickly with a message that says
 * which limit, and ordinary analyst queries still pass.
 */
import { describe, expect, it } from 'vitest';
import { checkOperations, checkQuery, LIMITS, QueryBudget, QueryLimitError } from '../src/graphql/limits.ts';

/** `n` fragments, each spreading the next twice: 2^n expansions when spreads are walked one by one. */
function doublingFragments(n: number, leaf = '__typename'): string {
  const defs = Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  return `query { ...F0 } ${defs.join(' ')} fragment F${n} on Query { ${leaf} }`;
}

const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(QueryLimitError);
    return (error as Error).message;
  }
  throw new Error('the query was accepted');
};

describe('graphql limits', () => {
  it('refuses 22 (and 40) nested doubling fragments at once, without expanding them', () => {
    for (const n of [22, 26, 40]) {
      const query = doublingFragments(n);
      const started = performance.now();
      const message = refused(() => checkOperations([{ query }]));
      expect(performance.now() - started, `${n} fragments`).toBeLessThan(250);
      expect(message).toMatch(/deeper than 8 levels|more than \d+ fields/);
    }
  });

  it('counts each fragment per spread: a shallow fragment spread 2^k times is refused for its fields', () => {
    // depth stays within the limit (5 levels), but 2^5 spreads of 100 fields are 3,200 fields
    const many = Array.from({ length: 100 }, (_, i) => `f${i}: __typename`).join(' ');
    const query = doublingFragments(5, many);
    const message = refused(() => checkQuery(query));
    expect(message).toMatch(/aliases|fields/);
  });

  it('counts the cost of a fragment at each spread, multiplied by the lists around it', () => {
    const query = `{ veras(limit: 100) { items { ...Owner } } }
      fragment Owner on Vera { ownerAccount { veras(limit: 1000) { items { id } } } }`;
    expect(refused(() => checkQuery(query))).toMatch(/may touch 200300 rows; the limit is 50000/);
    const ok = `{ veras(limit: 10) { items { ...Owner } } }
      fragment Owner on Vera { ownerAccount { veras(limit: 100) { items { id } } } }`;
    expect(() => checkQuery(ok)).not.toThrow();
  });

  it('counts fragment spreads and inline fragments toward depth', () => {
    const nested = `{ a { ...A } } fragment A on T { b { ...B } } fragment B on T { c { ...C } }
      fragment C on T { d { ... on T { e { f } } } }`;
    // a, A, b, B, c, C, d, inline, e: 10 selection sets
    expect(refused(() => checkQuery(nested))).toMatch(/deeper than 8 levels \(10;/);
  });

  it('refuses cycles, unknown and duplicate fragments', () => {
    expect(refused(() => checkQuery('{ ...A } fragment A on Q { ...B } fragment B on Q { ...A }'))).toMatch(
      /spreads itself \(A -> B -> A\)/,
    );
    expect(refused(() => checkQuery('{ a } fragment A on Q { ...A }'))).toMatch(/A spreads itself/);
    expect(refused(() => checkQuery('{ ...Nope }'))).toMatch(/Nope is not defined/);
    expect(refused(() => checkQuery('{ ...A } fragment A on Q { a } fragment A on Q { b }'))).toMatch(
      /defined more than once/,
    );
  });

  it('bounds aliases, directives, tokens and batches', () => {
    const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(refused(() => checkQuery(aliases))).toMatch(/more than 30 aliases/);
    const directives = `{ ${Array.from({ length: 51 }, (_, i) => `f${i} @include(if: true)`).join(' ')} }`;
    expect(refused(() => checkQuery(directives))).toMatch(/more than 50 directives/);
    const stacked = `{ a ${'@skip(if: false) '.repeat(60)} }`;
    expect(refused(() => checkQuery(stacked))).toMatch(/directives/);
    const tokens = `{ ${'a '.repeat(LIMITS.tokens + 10)} }`;
    expect(refused(() => checkQuery(tokens))).toMatch(/does not parse: .*token/i);
    const batch = Array.from({ length: 11 }, () => ({ query: '{ a }' }));
    expect(refused(() => checkOperations(batch))).toMatch(/at most 10 operations/);
    // the batch shares one budget: 3,000 veras and their items are 6,000 rows; 9 of them 54,000
    const sixThousand = { query: '{ veras(limit: 3000) { items { id } } }' };
    expect(() => checkOperations([sixThousand])).not.toThrow();
    expect(refused(() => checkOperations(Array.from({ length: 10 }, () => sixThousand)))).toMatch(
      /operation 8: query may touch 54000 rows/,
    );
    expect(refused(() => checkOperations([{ query: '{ a }', variables: [1] }]))).toMatch(/JSON object/);
  });

  it('stops at the node and time bounds of the request', () => {
    const tiny = { ...LIMITS, nodes: 50 };
    const wide = `{ ${Array.from({ length: 60 }, (_, i) => `f${i}`).join(' ')} }`;
    expect(refused(() => checkOperations([{ query: wide }], tiny))).toMatch(/more than 50 selections/);
    // a budget whose time is already spent refuses at its next time check
    const spent = new QueryBudget({ ...LIMITS, timeMs: 1 }, performance.now() - 10);
    const many = `{ ${Array.from({ length: 200 }, (_, i) => `f${i}`).join(' ')} }`;
    expect(refused(() => checkQuery(many, {}, spent))).toMatch(/longer than 1 ms/);
  });

  it('reads limits from variables and defaults; a negative limit does not lower the cost', () => {
    const q = 'query Q($n: Int = 60000) { veras(limit: $n) { items { id } } }';
    expect(refused(() => checkQuery(q))).toMatch(/120000 rows/);
    expect(() => checkQuery(q, { n: 10 })).not.toThrow();
    const negative = `{ a: veras(limit: -1000000) { items { id } } b: veras(limit: 24960) { items { id } } }`;
    expect(refused(() => checkQuery(negative))).toMatch(/rows; the limit/);
  });

  it('passes ordinary analyst queries, introspection of one type included', () => {
    for (const query of [
      '{ veras(limit: 3, orderBy: "id", orderDirection: "asc") { items { id species owner } totalCount } }',
      '{ __type(name: "vera") { description fields { name description } } }',
      `{ elos(limit: 5) { items { characterId character { id name } } }
         veras(limit: 5) { items { owner ownerAccount { address character { id name } } } } }`,
      'query { ...Top } fragment Top on Query { clans(limit: 10) { items { id name } } }',
    ])
      expect(() => checkOperations([{ query }]), query).not.toThrow();
  });
});
