/**
 * What a bot owes others right now, done before any move of its own and without waiting for the move rate: a
 * person's battle waits for its actions, a challenge someone sent it waits for an answer, or its opponent let the
 * turn run out and the win is the bot's to claim. Reads the world model only; the rng only fills in arguments.
 */
import type { Move } from './move.ts';
import type { Rng } from './rng.ts';
import type { Bot, World } from './world.ts';

export function answerFor(world: World, b: Bot): ((rng: Rng) => Move) | undefined {
  if (b.characterId === undefined || !b.onboarded) return undefined;
  const battle = b.battle;
  if (battle) {
    const turnOver = battle.deadline > 0n && world.chainNow() > battle.deadline;
    if (!battle.submitted && (battle.versusPerson || turnOver))
      return (rng) => ({
        kind: 'answerBattle',
        by: b,
        contract: 'Battles',
        functionName: 'submitActions',
        args: [battle.id, Array.from({ length: battle.veraIds.length }, () => rng.int(0, 2)), []],
      });
    if (battle.submitted && !battle.opponentSubmitted && turnOver)
      return () => ({
        kind: 'claimTimeout',
        by: b,
        contract: 'Battles',
        functionName: 'claimTimeout',
        args: [battle.id],
      });
    return undefined;
  }
  const [challenge] = b.challenges.keys();
  if (challenge === undefined) return undefined;
  if (b.queuedType !== 0) {
    const battleType = b.queuedType;
    return () => ({
      kind: 'leaveQueue',
      by: b,
      contract: 'Battles',
      functionName: 'leaveQueue',
      args: [battleType],
    });
  }
  if (b.veras.length === 0) return undefined;
  return (rng) => ({
    kind: 'acceptChallenge',
    by: b,
    contract: 'Battles',
    functionName: 'acceptChallenge',
    args: [challenge, rng.sample(b.veras, rng.int(1, Math.min(3, b.veras.length)))],
  });
}
