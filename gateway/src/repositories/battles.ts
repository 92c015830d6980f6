/**
 * Battles as players see them: one battle with both sides, their veras, actions and elo changes; a character's
 * battles; and the arena (which battle types are open, who waits, where a character is now).
 */
import {
  battle,
  battleAction,
  battleChallenge,
  battleQueue,
  battleTypeSetting,
  character,
  eloHistory,
  type SkaldDb,
  vera,
} from '@skald/db';
import { BATTLE_TYPE_LABELS, BattleType, codeLabel } from '@skald/game';
import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { num, numOrNull, str, strOrNull } from './util.ts';
import { veraSummary } from './veras.ts';

/** Battle types open when no admin has toggled them (Battles.sol's constructor). */
const OPEN_BY_DEFAULT = new Set<number>([BattleType.ranked, BattleType.casual]);
const ALL_TYPES = Object.values(BattleType) as number[];

type BattleRow = typeof battle.$inferSelect;

const END_REASONS = ['actions', 'timeout'] as const;
const FORFEITS = ['A', 'B', 'both'] as const;
const endReasonOf = (v: string | null) => END_REASONS.find((r) => r === v) ?? null;
const forfeitedOf = (v: string | null) => FORFEITS.find((r) => r === v) ?? null;

function outcomeFor(row: BattleRow, characterId: bigint): 'won' | 'lost' | 'tie' | null {
  if (row.result === null || row.result === undefined) return null;
  if (row.result === 3) return 'tie';
  const side = row.characterA === characterId ? 1 : 2;
  return row.result === side ? 'won' : 'lost';
}

export function battlesRepository({ db }: SkaldDb) {
  const namesOf = async (ids: bigint[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: character.id, name: character.name })
      .from(character)
      .where(inArray(character.id, ids));
    return new Map(rows.map((r) => [str(r.id), r.name]));
  };

  return {
    async detail(battleId: string) {
      const id = BigInt(battleId);
      const [row] = await db.select().from(battle).where(eq(battle.id, id)).limit(1);
      if (!row) return null;
      const [names, actions, elos, veraRows] = await Promise.all([
        namesOf([row.characterA, row.characterB]),
        db.select().from(battleAction).where(eq(battleAction.battleId, id)),
        db.select().from(eloHistory).where(eq(eloHistory.battleId, id)),
        db
          .select()
          .from(vera)
          .where(inArray(vera.id, [...row.verasA, ...row.verasB]))
          .limit(6),
      ]);
      const veraById = new Map(veraRows.map((v) => [str(v.id), v]));
      const side = (characterId: bigint, veraIds: bigint[], letter: 'A' | 'B') => {
        const then = letter === 'A' ? row.nameA : row.nameB;
        const now = names.get(str(characterId)) ?? '';
        const submitted = actions.find((a) => a.characterId === characterId);
        const change = elos.find((e) => e.characterId === characterId);
        return {
          side: letter,
          characterId: str(characterId),
          name: then || now,
          nameNow: then && now && now !== then ? now : null,
          veras: veraIds.map((v) => {
            const found = veraById.get(str(v));
            return found ? veraSummary(found, null) : { id: str(v) };
          }),
          submitted: Boolean(submitted),
          actions: submitted ? submitted.actions : null,
          surrenderIds: submitted ? submitted.surrenderIds.map(str) : null,
          score: letter === 'A' ? strOrNull(row.scoreA) : strOrNull(row.scoreB),
          elo: change ? { before: Number(change.eloBefore), after: Number(change.eloAfter) } : null,
        };
      };
      return {
        id: str(row.id),
        battleType: row.battleType,
        battleTypeName: codeLabel(BATTLE_TYPE_LABELS, row.battleType) ?? `type ${row.battleType}`,
        status: row.status,
        result: row.result ?? null,
        startedAt: num(row.startedAt),
        deadline: numOrNull(row.deadline),
        endReason: endReasonOf(row.endReason),
        forfeited: forfeitedOf(row.forfeited),
        resolvedAt: numOrNull(row.resolvedAt),
        sides: [side(row.characterA, row.verasA, 'A'), side(row.characterB, row.verasB, 'B')],
      };
    },

    /** A character's battles, newest first, with the opponent's name and the elo change. */
    async ofCharacter(characterId: string, limit: number, offset: number) {
      const id = BigInt(characterId);
      const where = or(eq(battle.characterA, id), eq(battle.characterB, id));
      const [rows, [total]] = await Promise.all([
        db.select().from(battle).where(where).orderBy(desc(battle.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(battle).where(where),
      ]);
      const opponents = rows.map((r) => (r.characterA === id ? r.characterB : r.characterA));
      const [names, elos] = await Promise.all([
        namesOf(opponents),
        rows.length === 0
          ? Promise.resolve([])
          : db
              .select()
              .from(eloHistory)
              .where(
                and(
                  eq(eloHistory.characterId, id),
                  inArray(
                    eloHistory.battleId,
                    rows.map((r) => r.id),
                  ),
                ),
              ),
      ]);
      return {
        total: total?.n ?? 0,
        items: rows.map((r, i) => {
          const opponent = opponents[i] as bigint;
          const change = elos.find((e) => e.battleId === r.id);
          return {
            battleId: str(r.id),
            battleType: r.battleType,
            battleTypeName: codeLabel(BATTLE_TYPE_LABELS, r.battleType) ?? `type ${r.battleType}`,
            status: r.status,
            outcome: outcomeFor(r, id),
            opponent: {
              characterId: str(opponent),
              name: (r.characterA === id ? r.nameB : r.nameA) || (names.get(str(opponent)) ?? ''),
            },
            eloBefore: change ? Number(change.eloBefore) : null,
            eloAfter: change ? Number(change.eloAfter) : null,
            startedAt: num(r.startedAt),
            resolvedAt: numOrNull(r.resolvedAt),
          };
        }),
      };
    },

    /** Every battle type with whether it is open and who waits; with a character, where it is now. */
    async arena(characterId: string | undefined) {
      const [settings, waiting] = await Promise.all([
        db.select().from(battleTypeSetting),
        db
          .select({
            battleType: battleQueue.battleType,
            characterId: battleQueue.characterId,
            name: character.name,
          })
          .from(battleQueue)
          .leftJoin(character, eq(character.id, battleQueue.characterId))
          .limit(100),
      ]);
      const enabled = new Map(settings.map((s) => [s.battleType, s.enabled]));
      const types = ALL_TYPES.map((t) => ({
        battleType: t,
        battleTypeName: codeLabel(BATTLE_TYPE_LABELS, t) ?? `type ${t}`,
        enabled: enabled.get(t) ?? OPEN_BY_DEFAULT.has(t),
        waiting: waiting
          .filter((w) => w.battleType === t)
          .map((w) => ({ characterId: str(w.characterId), name: w.name ?? '' })),
      }));
      if (characterId === undefined) return { types, me: null };
      const id = BigInt(characterId);
      const [[queued], [active], challenges] = await Promise.all([
        db.select().from(battleQueue).where(eq(battleQueue.characterId, id)).limit(1),
        db
          .select({ id: battle.id, deadline: battle.deadline })
          .from(battle)
          .where(and(eq(battle.status, 'started'), or(eq(battle.characterA, id), eq(battle.characterB, id))))
          .orderBy(desc(battle.id))
          .limit(1),
        db
          .select()
          .from(battleChallenge)
          .where(
            and(
              eq(battleChallenge.status, 'open'),
              or(eq(battleChallenge.challenger, id), eq(battleChallenge.opponent, id)),
            ),
          )
          .orderBy(desc(battleChallenge.id))
          .limit(50),
      ]);
      const [names, submitted] = await Promise.all([
        namesOf(challenges.map((c) => (c.challenger === id ? c.opponent : c.challenger))),
        active
          ? db
              .select({ characterId: battleAction.characterId })
              .from(battleAction)
              .where(eq(battleAction.battleId, active.id))
              .limit(2)
          : Promise.resolve([]),
      ]);
      const challenge = (c: (typeof challenges)[number]) => {
        const other = c.challenger === id ? c.opponent : c.challenger;
        return {
          challengeId: str(c.id),
          battleType: c.battleType,
          battleTypeName: codeLabel(BATTLE_TYPE_LABELS, c.battleType) ?? `type ${c.battleType}`,
          other: { characterId: str(other), name: names.get(str(other)) ?? '' },
          veraIds: c.veraIds.map(str),
          sentAt: num(c.sentAt),
        };
      };
      return {
        types,
        me: {
          characterId,
          queue: queued ? { battleType: queued.battleType, veraIds: queued.veraIds.map(str) } : null,
          activeBattleId: active ? str(active.id) : null,
          activeBattle: active
            ? {
                battleId: str(active.id),
                deadline: numOrNull(active.deadline),
                submitted: submitted.some((s) => s.characterId === id),
                opponentSubmitted: submitted.some((s) => s.characterId !== id),
              }
            : null,
          challenges: {
            incoming: challenges.filter((c) => c.opponent === id).map(challenge),
            outgoing: challenges.filter((c) => c.challenger === id).map(challenge),
          },
        },
      };
    },
  };
}

export type BattlesRepository = ReturnType<typeof battlesRepository>;
