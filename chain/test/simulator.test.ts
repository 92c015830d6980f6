import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulator } from '../src/simulator/index.ts';
import { type Game, setupGame } from './fixtures.ts';

describe('world simulator', () => {
  let game: Game;
  beforeAll(async () => {
    game = await setupGame();
    const admin = game.as(0);
    // second-scale timers so lootboxes open and bank locks come due within the run
    for (const lockIndex of [0, 1, 2])
      await game.events(admin.bank.write.admin_setLockDuration([lockIndex, 1n]));
    for (const boxType of [1, 2, 3])
      await game.events(admin.inventory.write.admin_setChestDuration([boxType, 1n]));
  });
  afterAll(() => game.stop());

  it('plays every part of the game, and every deliberately bad move reverts with its named error', async () => {
    const lines: string[] = [];
    const stats = await runSimulator({
      rpcUrl: game.anvil.rpcUrl,
      deployment: game.deployment,
      bots: 10,
      actionsPerSecond: 0,
      maxActions: 900,
      badMoveShare: 0.1,
      seed: 42,
      log: (line) => lines.push(line),
    });
    expect(stats.badMovesMismatched, lines.join('\n')).toBe(0);
    expect(stats.badMoves).toBeGreaterThan(30);
    // races between bots (two admins approving one clan) are allowed, but must stay rare
    expect(stats.reverted).toBeLessThan(stats.actions * 0.05);
    for (const kind of [
      'createCharacter',
      'login',
      'encounter',
      'openLootBox',
      'grantVera',
      'grantRunix',
      'foundClan',
      'approveClan',
      'enterQueue',
      'submitActions',
      'lockRunix',
      'unlockRunix',
      'shopBuy',
    ]) {
      expect(stats.byKind[kind] ?? 0, `${kind} in ${JSON.stringify(stats.byKind)}`).toBeGreaterThan(0);
    }
    const battles = await game.as(0).battles.read.battleCount();
    expect(battles).toBeGreaterThan(0n);
    const minted = await game.as(0).veras.read.totalMinted();
    expect(minted).toBeGreaterThanOrEqual(
      BigInt((stats.byKind.encounter ?? 0) + (stats.byKind.grantVera ?? 0)),
    );
  });
});
