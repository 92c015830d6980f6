/** The simulator's vikings look like ones the character creator could make (game's own check), for any seed. */
import { isValidCharacterLook } from '@skald/game';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { chooseMove, Rng, World } from '../src/simulator/index.ts';

describe('simulator looks', () => {
  it('gives every viking it creates a look that isValidCharacterLook accepts', () => {
    const accounts = Array.from({ length: 12 }, () => privateKeyToAccount(generatePrivateKey()));
    let created = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const world = new World(accounts);
      const rng = new Rng(seed);
      for (const bot of world.bots) {
        const move = chooseMove(world, bot, rng);
        expect(move?.kind).toBe('createCharacter');
        const look = move?.args[2] as Record<string, number>;
        expect(isValidCharacterLook(look), `seed ${seed} bot ${bot.index}: ${JSON.stringify(look)}`).toBe(
          true,
        );
        created++;
      }
    }
    expect(created).toBe(2400);
  });
});
