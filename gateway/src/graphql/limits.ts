/**
 * Limits checked at the gateway before a query reaches Ponder's GraphQL, so that no query (or batch) can hold
 * the event loop or ask the index for more than a page of work:
 *
 * - depth counts nested selection sets; a fragment spread or inline fragment is a level of its own;
 * - cost counts the rows a query may touch, multiplying each list field's `limit` argument (Ponder's default
 *   page is 50) down the tree; introspection is exempt from cost, not depth;
 * - fields, aliases and directives are counted as executed (each fragment counted once per spread);
 * - the parser stops at `tokens` tokens, and the whole check stops at `nodes` visited nodes or `timeMs`.
 *
 * Each fragment is measured once per request (memoised) and its measure reused at every spread: cost is linear
 * in the multiplier a spread is reached with, so a fragment spread twice by a fragment spread twice (and so on)
 * costs one pass over the document, not 2^n. Unknown, duplicate and self-spreading fragments are refused.
 * Batches share one budget: the limits bound the request, not each operation in it.
 */
import { type DocumentNode, Kind, parse, type SelectionSetNode, type ValueNode } from 'graphql';

export const LIMITS = {
  /** nested selection sets, fragment levels included */
  depth: 8,
  /** rows a request may touch (summed over a batch) */
  cost: 50_000,
  /** aliased fields as executed, per request */
  aliases: 30,
  /** fields as executed, per request */
  fields: 2_000,
  /** directives as executed, per request */
  directives: 50,
  /** operations in a batch */
  batch: 10,
  /** characters of one operation's query */
  queryLength: 20_000,
  /** tokens the parser reads per operation */
  tokens: 5_000,
  /** selection nodes the check visits per request */
  nodes: 20_000,
  /** wall time the check may take per request */
  timeMs: 100,
};
const DEFAULT_PAGE = 50;

export class QueryLimitError extends Error {
  override name = 'QueryLimitError';
}

/** One request's allowance: shared by every operation of a batch. */
export class QueryBudget {
  nodes = 0;
  cost = 0;
  aliases = 0;
  fields = 0;
  directives = 0;
  private readonly deadline: number;
  constructor(
    private readonly limits = LIMITS,
    now = performance.now(),
  ) {
    this.deadline = now + limits.timeMs;
  }
  /** One more node visited; refuses past the node bound or (checked every 64 nodes) past the time bound. */
  visit() {
    this.nodes += 1;
    if (this.nodes > this.limits.nodes)
      throw new QueryLimitError(`query too large: more than ${this.limits.nodes} selections to check`);
    if ((this.nodes & 63) === 0 && performance.now() > this.deadline)
      throw new QueryLimitError(`query too complex: checking it took longer than ${this.limits.timeMs} ms`);
  }
}

type Measure = {
  /** nested selection sets, this one included */
  height: number;
  /** rows touched per row of the parent (multiply by the parent's rows) */
  cost: number;
  aliases: number;
  fields: number;
  directives: number;
};

function numeric(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  let n: unknown = null;
  if (value.kind === Kind.INT || value.kind === Kind.FLOAT) n = Number(value.value);
  else if (value.kind === Kind.VARIABLE) n = variables[value.name.value];
  if (typeof n !== 'number' || Number.isNaN(n)) return null;
  // a negative or absurd limit is Ponder's to refuse; here it must never lower the count
  return n < 0 ? DEFAULT_PAGE : n;
}

/** Checks one operation document against the budget; the parsed document when it is within all limits. */
export function checkQuery(
  query: string,
  variables: Record<string, unknown> = {},
  budget: QueryBudget = new QueryBudget(),
  limits = LIMITS,
): DocumentNode {
  if (query.length > limits.queryLength)
    throw new QueryLimitError(`query longer than ${limits.queryLength} characters`);
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: limits.tokens, noLocation: true });
  } catch (error) {
    throw new QueryLimitError(`query does not parse: ${(error as Error).message}`);
  }

  // variables' declared defaults, then the request's own values
  const values: Record<string, unknown> = {};
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const v of def.variableDefinitions ?? []) {
      const d = v.defaultValue;
      if (d && (d.kind === Kind.INT || d.kind === Kind.FLOAT))
        values[v.variable.name.value] = Number(d.value);
    }
  }
  Object.assign(values, variables);

  const fragments = new Map<string, SelectionSetNode>();
  for (const def of doc.definitions) {
    if (def.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const name = def.name.value;
    if (fragments.has(name)) throw new QueryLimitError(`fragment ${name} is defined more than once`);
    fragments.set(name, def.selectionSet);
  }
  const measured = new Map<string, Measure>();
  const measuring = new Set<string>();

  const fragment = (name: string, from: string[]): Measure => {
    const done = measured.get(name);
    if (done) return done;
    const set = fragments.get(name);
    if (!set) throw new QueryLimitError(`fragment ${name} is not defined`);
    if (measuring.has(name))
      throw new QueryLimitError(`fragment ${name} spreads itself (${[...from, name].join(' -> ')})`);
    measuring.add(name);
    const m = measure(set, [...from, name]);
    measuring.delete(name);
    measured.set(name, m);
    return m;
  };

  const measure = (set: SelectionSetNode, from: string[]): Measure => {
    const total: Measure = { height: 1, cost: 0, aliases: 0, fields: 0, directives: 0 };
    const add = (inner: Measure, times: number) => {
      total.height = Math.max(total.height, 1 + inner.height);
      total.cost += times * inner.cost;
      total.aliases += inner.aliases;
      total.fields += inner.fields;
      total.directives += inner.directives;
    };
    for (const sel of set.selections) {
      budget.visit();
      total.directives += sel.directives?.length ?? 0;
      if (sel.kind === Kind.FIELD) {
        total.fields += 1;
        if (sel.alias) total.aliases += 1;
        if (!sel.selectionSet) continue;
        const introspection = sel.name.value.startsWith('__');
        const limit = numeric(sel.arguments?.find((a) => a.name.value === 'limit')?.value, values);
        // Ponder's list fields return { items }; a field with a limit (or with items) multiplies
        const isList =
          limit !== null ||
          sel.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'items');
        const rows = introspection ? 0 : isList ? (limit ?? DEFAULT_PAGE) : 1;
        total.cost += rows;
        add(measure(sel.selectionSet, from), rows);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        add(measure(sel.selectionSet, from), 1);
      } else {
        add(fragment(sel.name.value, from), 1);
      }
    }
    return total;
  };

  // every fragment is measured, used or not: a cycle or an unknown spread anywhere is refused
  for (const name of fragments.keys()) fragment(name, []);

  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (def.operation !== 'query')
      throw new QueryLimitError(`${def.operation} operations are not served: the index is read-only`);
    const m = measure(def.selectionSet, []);
    if (m.height > limits.depth)
      throw new QueryLimitError(
        `query deeper than ${limits.depth} levels (${m.height}; fragment spreads count as a level)`,
      );
    budget.cost += m.cost;
    budget.aliases += m.aliases;
    budget.fields += m.fields;
    budget.directives += m.directives;
    if (budget.cost > limits.cost)
      throw new QueryLimitError(
        `query may touch ${budget.cost > 1e15 ? 'more than 10^15' : budget.cost} rows; the limit is ${limits.cost}`,
      );
    if (budget.aliases > limits.aliases) throw new QueryLimitError(`more than ${limits.aliases} aliases`);
    if (budget.fields > limits.fields)
      throw new QueryLimitError(`more than ${limits.fields} fields (fragments counted at each spread)`);
    if (budget.directives > limits.directives)
      throw new QueryLimitError(`more than ${limits.directives} directives`);
  }
  return doc;
}

/** Checks a request's operations (one, or a batch) under one shared budget. */
export function checkOperations(
  ops: readonly { query: string; variables?: unknown }[],
  limits = LIMITS,
): void {
  if (ops.length > limits.batch) throw new QueryLimitError(`at most ${limits.batch} operations per batch`);
  const budget = new QueryBudget(limits);
  for (const [i, op] of ops.entries()) {
    const variables = op.variables ?? {};
    if (typeof variables !== 'object' || Array.isArray(variables))
      throw new QueryLimitError(`${ops.length > 1 ? `operation ${i}: ` : ''}variables must be a JSON object`);
    try {
      checkQuery(op.query, variables as Record<string, unknown>, budget, limits);
    } catch (error) {
      if (error instanceof QueryLimitError && ops.length > 1)
        error.message = `operation ${i}: ${error.message}`;
      throw error;
    }
  }
}
