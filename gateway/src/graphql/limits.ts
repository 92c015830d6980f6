/**
 * Depth and cost limits checked at the gateway before a query reaches Ponder's GraphQL: depth counts nested
 * selections (fragments expanded); cost counts the rows a query may touch, multiplying each list field's
 * `limit` argument (Ponder's default page is 50) down the tree. Introspection is exempt from cost, not depth.
 */
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  parse,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const LIMITS = { depth: 8, cost: 50_000, aliases: 30, batch: 10, queryLength: 20_000 };
const DEFAULT_PAGE = 50;

export class QueryLimitError extends Error {
  override name = 'QueryLimitError';
}

function limitArg(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : null;
  }
  return null;
}

export function checkQuery(query: string, variables: Record<string, unknown> = {}): DocumentNode {
  if (query.length > LIMITS.queryLength)
    throw new QueryLimitError(`query longer than ${LIMITS.queryLength} characters`);
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch (error) {
    throw new QueryLimitError(`query does not parse: ${(error as Error).message}`);
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of doc.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  let aliases = 0;

  const walk = (set: SelectionSetNode, depth: number, multiplier: number, seen: Set<string>): number => {
    if (depth > LIMITS.depth) throw new QueryLimitError(`query deeper than ${LIMITS.depth} levels`);
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) aliases += 1;
        if (!sel.selectionSet) continue;
        const name = sel.name.value;
        const introspection = name.startsWith('__');
        const limit = limitArg(sel.arguments?.find((a) => a.name.value === 'limit')?.value, variables);
        // Ponder's list fields return { items }; a field with a limit (or named like a list) multiplies
        const isList =
          limit !== null ||
          sel.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'items');
        const rows = isList ? multiplier * (limit ?? DEFAULT_PAGE) : multiplier;
        cost += introspection ? 0 : rows;
        cost += walk(sel.selectionSet, depth + 1, introspection ? 0 : rows, seen);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += walk(sel.selectionSet, depth, multiplier, seen);
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name))
          throw new QueryLimitError(`fragment ${name} is unknown or recursive`);
        cost += walk(fragment.selectionSet, depth, multiplier, new Set([...seen, name]));
      }
    }
    return cost;
  };

  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (def.operation !== 'query')
      throw new QueryLimitError(`${def.operation} operations are not served: the index is read-only`);
    const cost = walk(def.selectionSet, 1, 1, new Set());
    if (cost > LIMITS.cost)
      throw new QueryLimitError(`query may touch ${cost} rows; the limit is ${LIMITS.cost}`);
  }
  if (aliases > LIMITS.aliases) throw new QueryLimitError(`more than ${LIMITS.aliases} aliases`);
  return doc;
}
