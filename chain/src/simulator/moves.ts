/**
 * The moves a bot (or the admin acting on bots) can make, each chosen only when the world model says it should
 * succeed; the deliberately bad moves, with the named error each must revert with, are in bad-moves.ts.
 * `chooseMove` reads the bot's situation once, then draws one weighted option from each subject's list
 * (move-options.ts, built from move-makers.ts), in a fixed order so a seed always plays the same game.
 */

import type { Move } from './move.ts';
import { newcomerMove } from './move-makers.ts';
import { optionsFor, type Weighted } from './move-options.ts';
import type { Rng } from './rng.ts';
import type { Bot, World } from './world.ts';

/** Draws options by weight until one makes a move (an option may find nothing to do and yield undefined). */
function pick(rng: Rng, options: Weighted[]): Move | undefined {
  const live = options.filter(([w]) => w > 0);
  let total = live.reduce((s, [w]) => s + w, 0);
  while (live.length > 0 && total > 0) {
    let roll = rng.next() * total;
    const index = live.findIndex(([w]) => {
      roll -= w;
      return roll < 0;
    });
    const [weight, make] = live.splice(index === -1 ? live.length - 1 : index, 1)[0] as Weighted;
    total -= weight;
    const move = make();
    if (move) return move;
  }
  return undefined;
}

/** A valid move for `bot`, or undefined when it has nothing sensible to do right now. */
export function chooseMove(world: World, bot: Bot, rng: Rng): Move | undefined {
  return newcomerMove(world, bot, rng) ?? pick(rng, optionsFor(world, bot, rng));
}
