/**
 * One home for turning game events into activity rows: the event ABIs, the mint method read from a
 * transaction's input, and the decoders whose row follows from the log and its transaction alone. The indexer's
 * handlers write these rows; the gateway's fast lane announces the same rows before the indexer commits them.
 */
import { type ActivityType, ADMIN_GRANT_KIND_LABELS, codeLabel, grantTarget } from '@skald/game';
import type { Hex } from 'viem';
import { decodeMintMethod } from './mint-method.ts';

export type { ActivityType } from '@skald/game';
export type { ContractName } from '../deployment.ts';
export { gameEventAbis } from './abis.ts';
export {
  decodeMintMethod,
  MINT_METHODS,
  MINT_SELECTORS,
  type MintMethod,
  selectorOf,
} from './mint-method.ts';

/** An activity row's content (its chain position comes from the log). */
export type ActivityInput = {
  type: ActivityType;
  event: string;
  account?: Hex | null;
  characterId?: bigint | null;
  otherCharacterId?: bigint | null;
  subjectId?: bigint | null;
  payload: Record<string, unknown>;
};

/** JSON-safe copy: bigints become decimal strings, so payloads survive JSON.stringify. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    // (a loop, not Object.fromEntries: this runs for every indexed event, and the loop is ~3x cheaper)
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const copied = plain((value as Record<string, unknown>)[key]);
      if (key === '__proto__')
        Object.defineProperty(out, key, { value: copied, enumerable: true, writable: true });
      else out[key] = copied;
    }
    return out;
  }
  return value;
}

export type VeraMintedArgs = {
  veraId: bigint;
  owner: Hex;
  characterId: bigint;
  species: number;
  mainRune: number;
  subRune: number;
  personality: number;
  innate: readonly number[];
  level: number;
  origin: number;
};

export function veraMintedActivity(args: VeraMintedArgs, txInput: Hex | undefined): ActivityInput {
  const { veraId, owner, characterId, species, mainRune, subRune, personality, innate, level, origin } = args;
  return {
    type: 'mint',
    event: 'VeraMinted',
    account: owner,
    characterId,
    subjectId: veraId,
    payload: {
      species,
      mainRune,
      subRune,
      personality,
      level,
      innate,
      origin,
      method: decodeMintMethod(txInput),
    },
  };
}

export type AdminGrantedArgs = {
  admin: Hex;
  kind: number;
  target: bigint;
  subjectId: bigint;
  amount: bigint;
};

export function adminGrantedActivity(
  args: AdminGrantedArgs,
  kindName: string,
  contract: string,
): ActivityInput {
  const { admin, kind, target, subjectId, amount } = args;
  const targetsCharacter = grantTarget(kind) === 'character';
  return {
    type: 'grant',
    event: 'AdminGranted',
    account: admin,
    characterId: targetsCharacter ? target : null,
    subjectId: targetsCharacter ? subjectId : target,
    payload: { kind: kindName, target, subjectId, amount, contract },
  };
}

export type CharacterCreatedArgs = {
  characterId: bigint;
  account: Hex;
  name: string;
  choices: { starterSpecies: number; starterRune: number };
};

export function characterCreatedActivity(args: CharacterCreatedArgs): ActivityInput {
  const { characterId, account, name, choices } = args;
  return {
    type: 'character',
    event: 'CharacterCreated',
    account,
    characterId,
    payload: { name, starterSpecies: choices.starterSpecies, starterRune: choices.starterRune },
  };
}

/** The kind's label as the admin audit stores it. */
export const grantKindName = (kind: number): string =>
  codeLabel(ADMIN_GRANT_KIND_LABELS, kind) ?? `kind ${kind}`;

/**
 * Decoders for the events whose activity row follows from the log and its transaction alone, keyed
 * `Contract:Event`. Events whose row needs indexed state (an owner looked up, a running total) are not here:
 * they reach live clients when the indexer commits them.
 */
export const LIVE_DECODERS: Record<
  string,
  (args: Record<string, unknown>, txInput: Hex | undefined, contract: string) => ActivityInput
> = {
  'Veras:VeraMinted': (args, txInput) => veraMintedActivity(args as VeraMintedArgs, txInput),
  'Characters:CharacterCreated': (args) => characterCreatedActivity(args as CharacterCreatedArgs),
  'Inventory:AdminGranted': grantDecoder,
  'Veras:AdminGranted': grantDecoder,
  'Clans:AdminGranted': grantDecoder,
};

function grantDecoder(args: Record<string, unknown>, _txInput: Hex | undefined, contract: string) {
  const granted = args as AdminGrantedArgs;
  return adminGrantedActivity(granted, grantKindName(granted.kind), contract);
}
