import { stringToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ATTRIBUTES,
  type DecodedLog,
  eventOf,
  expectRevert,
  expectSkaldRevert,
  type Game,
  onboard,
  setupGame,
} from './fixtures.ts';

// The Elo rule game/ implements, restated from the brief so the contract is checked by value.
const POWER = Array.from({ length: 33 }, (_, i) => Math.round(1000 * 10 ** ((i * 25) / 400)));
function elo(ratingA: number, ratingB: number, result: 1 | 2 | 3): [number, number] {
  const d = Math.max(-800, Math.min(800, ratingB - ratingA));
  const favourite = Math.trunc(10_000_000 / (1000 + (POWER[Math.trunc(Math.abs(d) / 25)] as number)));
  const expectedA = d >= 0 ? favourite : 10_000 - favourite;
  const scoreA = result === 1 ? 10_000 : result === 3 ? 5_000 : 0;
  const rate = (r: number, s: number, e: number) => Math.max(0, r + Math.trunc((32 * (s - e)) / 10_000));
  return [rate(ratingA, scoreA, expectedA), rate(ratingB, 10_000 - scoreA, 10_000 - expectedA)];
}

const RANKED = 1;
const CASUAL = 2;
const TOURNAMENT = 3;
const ATTACK = 0;
const DEFEND = 1;
const ABILITY = 2;
// resolution rolls on-chain randomness, so its gas differs from one block to the next: send with a fixed limit
const GAS = { gas: 3_000_000n };

let game: Game;
const admin = () => game.as(0);
const address = (index: number) => game.wallet(index).account.address;
let c1: bigint;
let c2: bigint;
let c3: bigint;
let c4: bigint;
let strong: bigint[]; // c1's three perfect veras: every action scores 3 * 52 + 2 * 52 = 260
let weak: bigint; // c2's
let trained: bigint; // c2's, level 10 with its points in strength
let c3Veras: bigint[];
let c4Veras: bigint[];
let clanId: bigint;

async function grantVera(characterId: bigint, perfect: boolean, level = 1): Promise<bigint> {
  const { logs } = await game.events(
    admin().veras.write.admin_grantVera([characterId, 1, 1, 1, 1, level, perfect], { gas: 1_000_000n }),
  );
  return eventOf(logs, 'VeraMinted').veraId as bigint;
}

async function queue(index: number, characterId: bigint, battleType: number, veraIds: bigint[]) {
  return game.events(game.as(index).battles.write.enterQueue([characterId, battleType, veraIds]));
}

/** Queues both sides and returns the new battle's id. */
async function startBattle(
  a: [number, bigint, bigint[]],
  b: [number, bigint, bigint[]],
  battleType: number,
): Promise<bigint> {
  await queue(a[0], a[1], battleType, a[2]);
  const { logs } = await queue(b[0], b[1], battleType, b[2]);
  return eventOf(logs, 'BattleStarted').battleId as bigint;
}

async function submit(index: number, battleId: bigint, actions: number[], surrenderIds: bigint[] = []) {
  return game.events(game.as(index).battles.write.submitActions([battleId, actions, surrenderIds], GAS));
}

const named = (logs: DecodedLog[], name: string) =>
  logs.filter((l) => l.eventName === name).map((l) => l.args);

beforeAll(async () => {
  game = await setupGame();
  c1 = await onboard(game, 1);
  c2 = await onboard(game, 2);
  c3 = await onboard(game, 3);
  c4 = await onboard(game, 4);
  strong = [await grantVera(c1, true), await grantVera(c1, true), await grantVera(c1, true)];
  weak = await grantVera(c2, false);
  trained = await grantVera(c2, false, 10);
  await game.events(game.as(2).veras.write.allocateVeraStats([trained, [27, 0, 0, 0, 0, 0]]));
  c3Veras = [await grantVera(c3, false), await grantVera(c3, false)];
  c4Veras = [await grantVera(c4, false)];
  const { logs } = await game.events(game.as(1).clans.write.foundClan(['Ravens', 'RVN', 'first clan']));
  clanId = eventOf(logs, 'ClanFounded').clanId as bigint;
  await game.events(admin().clans.write.admin_approveClan([clanId]));
});

afterAll(async () => {
  await game.stop();
});

describe('Elo', () => {
  it('starts every character at 1000 for each battle type', async () => {
    for (const battleType of [RANKED, CASUAL, TOURNAMENT]) {
      expect(await admin().battles.read.eloOf([c1, battleType])).toBe(1000);
    }
  });

  it('computes the integer rule game/ mirrors, including hand-checked values and the floor at 0', async () => {
    const b = admin().battles.read;
    expect(await b.computeElo([1000, 1000, 1])).toEqual([1016, 984]);
    // d = -200: P = 3162, favourite 10^7 / 4162 = 2402, so A expects 7598 bp and gains 7.68 → 7
    expect(await b.computeElo([1200, 1000, 1])).toEqual([1207, 993]);
    expect(await b.computeElo([0, 0, 2])).toEqual([0, 16]);
    const ratings = [0, 10, 990, 1000, 1012, 1024, 1025, 1399, 1400, 1800, 1801, 2500];
    for (const ra of ratings) {
      for (const rb of ratings) {
        for (const result of [1, 2, 3] as const) {
          expect(await b.computeElo([ra, rb, result]), `${ra} vs ${rb}, result ${result}`).toEqual(
            elo(ra, rb, result),
          );
        }
      }
    }
  });
});

describe('admin_setBattleType', () => {
  it('starts with ranked and casual enabled and tournament disabled', async () => {
    const b = admin().battles.read;
    expect(await b.isBattleTypeEnabled([RANKED])).toBe(true);
    expect(await b.isBattleTypeEnabled([CASUAL])).toBe(true);
    expect(await b.isBattleTypeEnabled([TOURNAMENT])).toBe(false);
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(
      game.as(1).battles.write.admin_setBattleType([TOURNAMENT, true]),
      'World_AccessDenied',
    );
    expect(await admin().battles.read.isBattleTypeEnabled([TOURNAMENT])).toBe(false);
  });

  it('reverts World_ResourceNotFound for battle types outside 1..3', async () => {
    await expectRevert(admin().battles.write.admin_setBattleType([0, true]), 'World_ResourceNotFound');
    await expectRevert(admin().battles.write.admin_setBattleType([4, true]), 'World_ResourceNotFound');
  });

  it('toggles a battle type with BattleTypeToggled', async () => {
    const { logs } = await game.events(admin().battles.write.admin_setBattleType([TOURNAMENT, true]));
    expect(eventOf(logs, 'BattleTypeToggled')).toEqual({
      battleType: TOURNAMENT,
      enabled: true,
      admin: address(0),
    });
    expect(await admin().battles.read.isBattleTypeEnabled([TOURNAMENT])).toBe(true);
    const off = await game.events(admin().battles.write.admin_setBattleType([TOURNAMENT, false]));
    expect(eventOf(off.logs, 'BattleTypeToggled').enabled).toBe(false);
    expect(await admin().battles.read.isBattleTypeEnabled([TOURNAMENT])).toBe(false);
  });
});

describe('enterQueue', () => {
  it('reverts AdminBattle_DisabledBattleType for a disabled or unknown type', async () => {
    const g = game.as(1).battles.write;
    for (const battleType of [0, TOURNAMENT, 4]) {
      const [type] = await expectSkaldRevert(
        g.enterQueue([c1, battleType, strong]),
        'AdminBattle_DisabledBattleType',
      );
      expect(type).toBe(battleType);
    }
  });

  it('reverts World_AccessDenied unless the character is the caller’s acting one', async () => {
    await expectRevert(game.as(1).battles.write.enterQueue([c2, RANKED, [weak]]), 'World_AccessDenied');
  });

  it('reverts AdminBattle_NoVeraSet without veras and AdminBattle_TooManyCharacters past three', async () => {
    const g = game.as(1).battles.write;
    await expectRevert(g.enterQueue([c1, RANKED, []]), 'AdminBattle_NoVeraSet');
    const fourth = await grantVera(c1, false);
    await expectRevert(g.enterQueue([c1, RANKED, [...strong, fourth]]), 'AdminBattle_TooManyCharacters');
  });

  it('reverts AdminBattle_InvalidVera for a vera not owned, unknown or listed twice', async () => {
    const g = game.as(1).battles.write;
    for (const [list, bad] of [
      [[strong[0] as bigint, weak], weak],
      [[999n], 999n],
      [[strong[0] as bigint, strong[0] as bigint], strong[0] as bigint],
    ] as const) {
      const [veraId] = await expectSkaldRevert(
        g.enterQueue([c1, RANKED, [...list]]),
        'AdminBattle_InvalidVera',
      );
      expect(veraId).toBe(bad);
    }
    expect(await admin().battles.read.waitingFor([RANKED])).toBe(0n);
  });

  it('queues the first character with QueueEntered and waits for an opponent', async () => {
    const { logs } = await queue(1, c1, RANKED, strong);
    expect(eventOf(logs, 'QueueEntered')).toEqual({ characterId: c1, battleType: RANKED, veraIds: strong });
    expect(logs.some((l) => l.eventName === 'BattleStarted')).toBe(false);
    expect(await admin().battles.read.waitingFor([RANKED])).toBe(c1);
    expect(await admin().battles.read.statusOf([c1])).toEqual([RANKED, 0n]);
  });

  it('reverts Battle_AlreadyQueued for a queued character, in any battle type', async () => {
    await expectRevert(game.as(1).battles.write.enterQueue([c1, RANKED, strong]), 'Battle_AlreadyQueued');
    await expectRevert(game.as(1).battles.write.enterQueue([c1, CASUAL, strong]), 'Battle_AlreadyQueued');
  });

  it('reverts AdminBattle_InvalidVera for a vera already queued by another character of the account', async () => {
    const { logs } = await game.events(
      game
        .as(1)
        .characters.write.createCharacter([
          address(0),
          'Second',
          DEFAULT_ATTRIBUTES,
          { starterSpecies: 1, starterRune: 1 },
        ]),
    );
    const second = eventOf(logs, 'CharacterCreated').characterId as bigint;
    await expectRevert(
      game.as(1).battles.write.enterQueue([second, CASUAL, [strong[0] as bigint]]),
      'AdminBattle_InvalidVera',
    );
    await game.events(game.as(1).characters.write.changeCharacter([c1]));
  });
});

describe('leaveQueue', () => {
  it('reverts World_ResourceNotFound when not queued for that type', async () => {
    await expectRevert(game.as(1).battles.write.leaveQueue([CASUAL]), 'World_ResourceNotFound');
    await expectRevert(game.as(1).battles.write.leaveQueue([0]), 'World_ResourceNotFound');
    await expectRevert(game.as(2).battles.write.leaveQueue([RANKED]), 'World_ResourceNotFound');
  });

  it('leaves with QueueLeft and frees the character and its veras', async () => {
    const { logs } = await game.events(game.as(1).battles.write.leaveQueue([RANKED]));
    expect(eventOf(logs, 'QueueLeft')).toEqual({ characterId: c1, battleType: RANKED });
    expect(await admin().battles.read.waitingFor([RANKED])).toBe(0n);
    expect(await admin().battles.read.statusOf([c1])).toEqual([0, 0n]);
  });
});

describe('a battle', () => {
  let battleId: bigint;

  it('starts when a second character queues for the same type, with BattleStarted', async () => {
    await queue(1, c1, RANKED, strong);
    const { logs } = await queue(2, c2, RANKED, [weak]);
    expect(eventOf(logs, 'QueueEntered')).toEqual({ characterId: c2, battleType: RANKED, veraIds: [weak] });
    const started = eventOf(logs, 'BattleStarted');
    battleId = started.battleId as bigint;
    expect(started).toEqual({
      battleId: 1n,
      battleType: RANKED,
      characterA: c1,
      characterB: c2,
      verasA: strong,
      verasB: [weak],
    });
    expect(await admin().battles.read.battleCount()).toBe(1n);
    expect(await admin().battles.read.waitingFor([RANKED])).toBe(0n);
    expect(await admin().battles.read.statusOf([c2])).toEqual([0, battleId]);
  });

  it('reverts Battle_AlreadyQueued for a character in a battle', async () => {
    await expectRevert(game.as(2).battles.write.enterQueue([c2, CASUAL, [trained]]), 'Battle_AlreadyQueued');
  });

  it('reverts AdminBattle_InvalidBattle for an unknown battle', async () => {
    for (const id of [0n, 99n]) {
      await expectRevert(
        game.as(1).battles.write.submitActions([id, [0, 0, 0], []]),
        'AdminBattle_InvalidBattle',
      );
    }
  });

  it('reverts World_AccessDenied for a non-participant, with or without a character', async () => {
    await expectRevert(game.as(3).battles.write.submitActions([battleId, [0], []]), 'World_AccessDenied');
    await expectRevert(game.as(9).battles.write.submitActions([battleId, [0], []]), 'World_AccessDenied');
  });

  it('reverts AdminBattle_MismatchedCharacterArsenals for a wrong count or an unknown action', async () => {
    const g = game.as(1).battles.write;
    await expectRevert(g.submitActions([battleId, [0, 0], []]), 'AdminBattle_MismatchedCharacterArsenals');
    await expectRevert(
      g.submitActions([battleId, [0, 0, 0, 0], []]),
      'AdminBattle_MismatchedCharacterArsenals',
    );
    await expectRevert(g.submitActions([battleId, [0, 3, 0], []]), 'AdminBattle_MismatchedCharacterArsenals');
  });

  it('reverts AdminBattle_InvalidVera for surrendering a vera not on that side, or twice', async () => {
    const g = game.as(1).battles.write;
    const [other] = await expectSkaldRevert(
      g.submitActions([battleId, [0, 0, 0], [weak]]),
      'AdminBattle_InvalidVera',
    );
    expect(other).toBe(weak);
    const s0 = strong[0] as bigint;
    await expectRevert(g.submitActions([battleId, [0, 0, 0], [s0, s0]]), 'AdminBattle_InvalidVera');
  });

  it('records the first side’s actions with ActionsSubmitted and waits for the other', async () => {
    const { logs } = await submit(1, battleId, [ATTACK, DEFEND, ABILITY]);
    expect(eventOf(logs, 'ActionsSubmitted')).toEqual({
      battleId,
      characterId: c1,
      actions: [ATTACK, DEFEND, ABILITY],
      surrenderIds: [],
    });
    expect(logs.some((l) => l.eventName === 'BattleResolved')).toBe(false);
  });

  it('reverts Battle_AlreadySubmitted for a second submission', async () => {
    await expectRevert(
      game.as(1).battles.write.submitActions([battleId, [0, 0, 0], []]),
      'Battle_AlreadySubmitted',
    );
  });

  it('resolves on the second submission: scores, Elo, vera records, runix and clan points', async () => {
    const runixBefore = await admin().inventory.read.runixOf([c1]);
    const { logs } = await submit(2, battleId, [ATTACK]);
    expect(eventOf(logs, 'ActionsSubmitted')).toMatchObject({ characterId: c2, actions: [ATTACK] });

    const resolved = eventOf(logs, 'BattleResolved');
    expect(resolved).toMatchObject({
      battleId,
      battleType: RANKED,
      characterA: c1,
      characterB: c2,
      result: 1,
    });
    const baseA = await admin().battles.read.scoreOf([strong, [ATTACK, DEFEND, ABILITY]]);
    const baseB = await admin().battles.read.scoreOf([[weak], [ATTACK]]);
    expect(baseA).toBe(780n);
    const rollA = (resolved.scoreA as bigint) - baseA;
    const rollB = (resolved.scoreB as bigint) - baseB;
    for (const roll of [rollA, rollB]) {
      expect(roll).toBeGreaterThanOrEqual(0n);
      expect(roll).toBeLessThanOrEqual(100n);
    }

    const [afterA, afterB] = elo(1000, 1000, 1);
    expect(named(logs, 'EloChanged')).toEqual([
      { characterId: c1, battleType: RANKED, battleId, eloBefore: 1000, eloAfter: afterA },
      { characterId: c2, battleType: RANKED, battleId, eloBefore: 1000, eloAfter: afterB },
    ]);
    expect(await admin().battles.read.eloOf([c1, RANKED])).toBe(1016);
    expect(await admin().battles.read.eloOf([c1, CASUAL])).toBe(1000);

    expect(named(logs, 'VeraBattleRecorded')).toEqual([
      ...strong.map((veraId) => ({ veraId, battleId, result: 1, wins: 1, losses: 0, ties: 0 })),
      { veraId: weak, battleId, result: 2, wins: 0, losses: 1, ties: 0 },
    ]);
    const experience = named(logs, 'VeraExperienceGained').map((e) => [e.veraId, e.amount]);
    expect(experience).toEqual([...strong.map((id) => [id, 50]), [weak, 20]]);

    expect(eventOf(logs, 'RunixChanged')).toMatchObject({
      characterId: c1,
      delta: 100n,
      balanceAfter: runixBefore + 100n,
      reason: stringToHex('battle', { size: 32 }),
    });
    expect(await admin().inventory.read.runixOf([c1])).toBe(runixBefore + 100n);
    expect(eventOf(logs, 'ClanPointsChanged')).toMatchObject({ clanId, characterId: c1, added: 10n });

    expect(await admin().battles.read.statusOf([c1])).toEqual([0, 0n]);
    expect(await admin().battles.read.statusOf([c2])).toEqual([0, 0n]);
    expect((await admin().battles.read.getBattle([battleId])).result).toBe(1);
  });

  it('reverts AdminBattle_InvalidBattle once resolved', async () => {
    await expectRevert(
      game.as(2).battles.write.submitActions([battleId, [0], []]),
      'AdminBattle_InvalidBattle',
    );
  });

  it('moves Elo from the ratings each side had, by the integer rule', async () => {
    const id = await startBattle([1, c1, strong], [2, c2, [weak]], RANKED);
    await submit(2, id, [DEFEND]);
    const { logs } = await submit(1, id, [ATTACK, ATTACK, ATTACK]);
    expect(eventOf(logs, 'BattleResolved').result).toBe(1);
    const [afterA, afterB] = elo(1016, 984, 1);
    expect(named(logs, 'EloChanged').map((e) => [e.eloBefore, e.eloAfter])).toEqual([
      [1016, afterA],
      [984, afterB],
    ]);
    // d = -32: P = 1155, favourite 10^7 / 2155 = 4640 bp, the gain 32 * 4640 / 10^4 = 14.8 truncates to 14
    expect(afterA).toBe(1030);
    expect(await admin().battles.read.eloOf([c2, RANKED])).toBe(afterB);
  });
});

describe('scores and surrender', () => {
  it('scores a side from its veras’ effective stats and actions', async () => {
    const vera = await admin().veras.read.getVera([trained]);
    const [str, dex, vit, int, wis, cha] = vera.effective.map(BigInt) as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    expect(str).toBe(BigInt(vera.innate[0]) + 27n);
    const read = admin().battles.read;
    expect(await read.scoreOf([[trained], [ATTACK]])).toBe(3n * str + 2n * dex);
    expect(await read.scoreOf([[trained], [DEFEND]])).toBe(3n * vit + 2n * wis);
    expect(await read.scoreOf([[trained], [ABILITY]])).toBe(3n * int + 2n * cha);
  });

  it('leaves surrendered veras out of the score', async () => {
    const id = await startBattle([3, c3, c3Veras], [4, c4, c4Veras], CASUAL);
    await submit(3, id, [ATTACK, DEFEND], [c3Veras[0] as bigint]);
    const { logs } = await submit(4, id, [ATTACK]);
    const resolved = eventOf(logs, 'BattleResolved');
    const rollA =
      (resolved.scoreA as bigint) - (await admin().battles.read.scoreOf([[c3Veras[1] as bigint], [DEFEND]]));
    expect(rollA).toBeGreaterThanOrEqual(0n);
    expect(rollA).toBeLessThanOrEqual(100n);
    // the surrendered vera still gets the battle on its record
    expect(named(logs, 'VeraBattleRecorded').map((r) => r.veraId)).toEqual([...c3Veras, ...c4Veras]);
  });

  it('makes a side that surrenders every vera lose, however strong', async () => {
    const id = await startBattle([1, c1, strong], [2, c2, [weak]], CASUAL);
    await submit(1, id, [ATTACK, ATTACK, ATTACK], strong);
    const runixBefore = await admin().inventory.read.runixOf([c2]);
    const { logs } = await submit(2, id, [ATTACK]);
    expect(eventOf(logs, 'BattleResolved')).toMatchObject({ result: 2, scoreA: 0n });
    const [afterA, afterB] = elo(1000, 1000, 2);
    expect(named(logs, 'EloChanged').map((e) => e.eloAfter)).toEqual([afterA, afterB]);
    expect(eventOf(logs, 'RunixChanged')).toMatchObject({ characterId: c2, delta: 100n });
    expect(await admin().inventory.read.runixOf([c2])).toBe(runixBefore + 100n);
    // c2 has no clan: no clan points
    expect(logs.some((l) => l.eventName === 'ClanPointsChanged')).toBe(false);
    expect(named(logs, 'VeraBattleRecorded').map((r) => r.result)).toEqual([2, 2, 2, 1]);
  });

  it('ties when both sides surrender everything: Elo by the rule, 30 experience each, no reward', async () => {
    const id = await startBattle([1, c1, strong], [2, c2, [weak]], CASUAL);
    const eloA = await admin().battles.read.eloOf([c1, CASUAL]);
    const eloB = await admin().battles.read.eloOf([c2, CASUAL]);
    await submit(1, id, [ATTACK, ATTACK, ATTACK], strong);
    const { logs } = await submit(2, id, [ATTACK], [weak]);
    expect(eventOf(logs, 'BattleResolved')).toMatchObject({ result: 3, scoreA: 0n, scoreB: 0n });
    const [afterA, afterB] = elo(eloA, eloB, 3);
    expect(named(logs, 'EloChanged').map((e) => [e.eloBefore, e.eloAfter])).toEqual([
      [eloA, afterA],
      [eloB, afterB],
    ]);
    expect(afterA).not.toBe(eloA);
    expect(named(logs, 'VeraBattleRecorded').map((r) => r.result)).toEqual([3, 3, 3, 3]);
    expect(named(logs, 'VeraExperienceGained').map((e) => e.amount)).toEqual([30, 30, 30, 30]);
    expect(logs.some((l) => l.eventName === 'RunixChanged')).toBe(false);
    expect(logs.some((l) => l.eventName === 'ClanPointsChanged')).toBe(false);
  });
});

describe('tournament', () => {
  it('pairs characters once an admin enables the type, keeping a separate Elo', async () => {
    await game.events(admin().battles.write.admin_setBattleType([TOURNAMENT, true]));
    const id = await startBattle([3, c3, c3Veras], [4, c4, c4Veras], TOURNAMENT);
    const battle = await admin().battles.read.getBattle([id]);
    expect(battle.battleType).toBe(TOURNAMENT);
    expect(battle.a.characterId).toBe(c3);
    expect(battle.b.veraIds).toEqual(c4Veras);
    await submit(3, id, [ATTACK, ATTACK]);
    const { logs } = await submit(4, id, [ATTACK]);
    expect(named(logs, 'EloChanged').map((e) => [e.battleType, e.eloBefore])).toEqual([
      [TOURNAMENT, 1000],
      [TOURNAMENT, 1000],
    ]);
  });

  it('getBattle reverts AdminBattle_InvalidBattle for an unknown battle', async () => {
    await expectRevert(admin().battles.read.getBattle([99n]), 'AdminBattle_InvalidBattle');
  });
});

describe('challenges', () => {
  it('reverts World_ResourceNotFound for oneself or an unknown character', async () => {
    await expectRevert(
      game.as(3).battles.write.challengeFriend([c3, CASUAL, c3Veras]),
      'World_ResourceNotFound',
    );
    await expectRevert(
      game.as(3).battles.write.challengeFriend([999n, CASUAL, c3Veras]),
      'World_ResourceNotFound',
    );
  });

  it('reverts AdminBattle_InvalidVera for a vera the challenger does not own', async () => {
    await expectRevert(
      game.as(3).battles.write.challengeFriend([c4, CASUAL, c4Veras]),
      'AdminBattle_InvalidVera',
    );
  });

  it('sends a challenge that holds its veras, one open challenge at a time', async () => {
    const { logs } = await game.events(game.as(3).battles.write.challengeFriend([c4, CASUAL, c3Veras]));
    const sent = eventOf(logs, 'ChallengeSent');
    expect(sent).toMatchObject({ challenger: c3, opponent: c4, battleType: CASUAL, veraIds: c3Veras });
    const id = sent.challengeId as bigint;
    expect(await admin().battles.read.openChallengeOf([c3])).toBe(id);
    await expectRevert(
      game.as(3).battles.write.challengeFriend([c1, CASUAL, [c3Veras[0] as bigint]]),
      'World_ResourceAlreadyExists',
    );
    // the challenged veras cannot queue meanwhile
    await expectRevert(queue(3, c3, RANKED, c3Veras), 'AdminBattle_InvalidVera');
    // only the challenged side accepts
    await expectRevert(
      game.as(1).battles.write.acceptChallenge([id, [strong[0] as bigint]]),
      'World_AccessDenied',
    );
  });

  it('lets the challenger withdraw, releasing its veras', async () => {
    const id = await admin().battles.read.openChallengeOf([c3]);
    const { logs } = await game.events(game.as(3).battles.write.declineChallenge([id]));
    expect(eventOf(logs, 'ChallengeClosed')).toEqual({ challengeId: id, outcome: 3, by: c3, battleId: 0n });
    expect(await admin().battles.read.openChallengeOf([c3])).toBe(0n);
    await expectRevert(game.as(4).battles.write.acceptChallenge([id, c4Veras]), 'World_ResourceNotFound');
  });

  it('lets the challenged side decline', async () => {
    const { logs } = await game.events(game.as(3).battles.write.challengeFriend([c4, CASUAL, c3Veras]));
    const id = eventOf(logs, 'ChallengeSent').challengeId as bigint;
    const closed = await game.events(game.as(4).battles.write.declineChallenge([id]));
    expect(eventOf(closed.logs, 'ChallengeClosed')).toMatchObject({ outcome: 2, by: c4 });
    await expectRevert(game.as(4).battles.write.declineChallenge([id]), 'World_ResourceNotFound');
  });

  it('starts a rated battle when accepted, without touching the queue', async () => {
    // someone waits in the casual queue meanwhile: the challenge must not take their place
    await queue(1, c1, CASUAL, [strong[0] as bigint]);
    const { logs } = await game.events(game.as(3).battles.write.challengeFriend([c4, CASUAL, c3Veras]));
    const id = eventOf(logs, 'ChallengeSent').challengeId as bigint;
    const accepted = await game.events(game.as(4).battles.write.acceptChallenge([id, c4Veras]));
    const started = eventOf(accepted.logs, 'BattleStarted');
    expect(started).toMatchObject({ characterA: c3, characterB: c4, battleType: CASUAL, verasA: c3Veras });
    expect(eventOf(accepted.logs, 'ChallengeClosed')).toMatchObject({
      outcome: 1,
      by: c4,
      battleId: started.battleId,
    });
    expect(await admin().battles.read.waitingFor([CASUAL])).toBe(c1);
    const battleId = started.battleId as bigint;
    await submit(3, battleId, [DEFEND, DEFEND]);
    const resolved = await submit(4, battleId, [ABILITY]);
    expect(named(resolved.logs, 'EloChanged')).toHaveLength(2);
    await game.events(game.as(1).battles.write.leaveQueue([CASUAL]));
  });
});

// last: these move the chain's clock forward
describe('turn deadline and timeout', () => {
  const TURN = 60n;
  const claim = (index: number, battleId: bigint) =>
    game.events(game.as(index).battles.write.claimTimeout([battleId], GAS));

  it('sets a deadline TURN_SECONDS after the start, with BattleDeadlineSet', async () => {
    expect(await admin().battles.read.TURN_SECONDS()).toBe(TURN);
    await queue(1, c1, RANKED, strong);
    const { receipt, logs } = await queue(2, c2, RANKED, [weak]);
    const battleId = eventOf(logs, 'BattleStarted').battleId as bigint;
    const block = await game.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    expect(eventOf(logs, 'BattleDeadlineSet')).toEqual({ battleId, deadline: block.timestamp + TURN });
    expect((await admin().battles.read.getBattle([battleId])).deadline).toBe(block.timestamp + TURN);
    expect(await admin().battles.read.deadlineOf([battleId])).toBe(block.timestamp + TURN);
    expect(await admin().battles.read.deadlineOf([999n])).toBe(0n);
    // finish it so the next test starts from free characters
    await submit(1, battleId, [ATTACK, ATTACK, ATTACK]);
    await submit(2, battleId, [ATTACK]);
  });

  it('refuses a claim before the deadline with Battle_DeadlineNotReached, for either side or anyone', async () => {
    const id = await startBattle([3, c3, c3Veras], [4, c4, c4Veras], CASUAL);
    await submit(3, id, [ATTACK, ATTACK]);
    const deadline = await admin().battles.read.deadlineOf([id]);
    for (const index of [3, 4, 9]) {
      const [battle, until] = await expectSkaldRevert(
        game.as(index).battles.write.claimTimeout([id]),
        'Battle_DeadlineNotReached',
      );
      expect([battle, until]).toEqual([id, deadline]);
    }
    // still running: the other side may submit, and the battle resolves as usual
    const { logs } = await submit(4, id, [DEFEND]);
    expect(logs.some((l) => l.eventName === 'BattleResolved')).toBe(true);
    expect(logs.some((l) => l.eventName === 'BattleTimedOut')).toBe(false);
  });

  it('lets the side that submitted claim the win after the deadline: the silent side forfeits', async () => {
    // c2 (weak) submits, c1 (strong) stays silent: the forfeit beats any score
    const id = await startBattle([1, c1, strong], [2, c2, [weak]], CASUAL);
    await submit(2, id, [ATTACK]);
    const eloA = await admin().battles.read.eloOf([c1, CASUAL]);
    const eloB = await admin().battles.read.eloOf([c2, CASUAL]);
    const runixBefore = await admin().inventory.read.runixOf([c2]);
    await game.advanceTime(Number(TURN) + 1);
    const { logs } = await claim(2, id);
    expect(eventOf(logs, 'BattleTimedOut')).toEqual({
      battleId: id,
      characterA: c1,
      characterB: c2,
      silentA: true,
      silentB: false,
      claimedBy: address(2),
    });
    const names = logs.map((l) => l.eventName);
    expect(names.indexOf('BattleTimedOut')).toBeLessThan(names.indexOf('BattleResolved'));
    const resolved = eventOf(logs, 'BattleResolved');
    expect(resolved).toMatchObject({ battleId: id, result: 2, scoreA: 0n });
    expect(resolved.scoreB as bigint).toBeGreaterThan(0n);
    const [afterA, afterB] = elo(eloA, eloB, 2);
    expect(named(logs, 'EloChanged').map((e) => [e.eloBefore, e.eloAfter])).toEqual([
      [eloA, afterA],
      [eloB, afterB],
    ]);
    expect(afterA).toBeLessThan(eloA);
    expect(named(logs, 'VeraBattleRecorded').map((r) => r.result)).toEqual([2, 2, 2, 1]);
    expect(await admin().inventory.read.runixOf([c2])).toBe(runixBefore + 100n);
    expect(await admin().battles.read.statusOf([c1])).toEqual([0, 0n]);
    expect(await admin().battles.read.statusOf([c2])).toEqual([0, 0n]);
    // the veras are free again
    await queue(1, c1, CASUAL, strong);
    await game.events(game.as(1).battles.write.leaveQueue([CASUAL]));
  });

  it('refuses a second resolution: claim or submit after a timeout, and a claim after a normal end', async () => {
    const id = await startBattle([3, c3, c3Veras], [4, c4, c4Veras], CASUAL);
    await game.advanceTime(Number(TURN) + 1);
    // anyone, not only a side, may end it; both silent: a tie, as when both surrender everything
    const { logs } = await claim(9, id);
    expect(eventOf(logs, 'BattleTimedOut')).toMatchObject({
      silentA: true,
      silentB: true,
      claimedBy: address(9),
    });
    expect(eventOf(logs, 'BattleResolved')).toMatchObject({ result: 3, scoreA: 0n, scoreB: 0n });
    expect(logs.some((l) => l.eventName === 'RunixChanged')).toBe(false);
    for (const index of [3, 4, 9]) {
      await expectRevert(game.as(index).battles.write.claimTimeout([id]), 'AdminBattle_InvalidBattle');
    }
    await expectRevert(game.as(4).battles.write.submitActions([id, [0], []]), 'AdminBattle_InvalidBattle');
    await expectRevert(game.as(1).battles.write.claimTimeout([1n]), 'AdminBattle_InvalidBattle');
    await expectRevert(game.as(1).battles.write.claimTimeout([999n]), 'AdminBattle_InvalidBattle');
  });

  it('still accepts a late submission until someone claims', async () => {
    const id = await startBattle([3, c3, c3Veras], [4, c4, c4Veras], CASUAL);
    await submit(4, id, [ATTACK]);
    await game.advanceTime(Number(TURN) + 1);
    const { logs } = await submit(3, id, [ATTACK, DEFEND]);
    const resolved = eventOf(logs, 'BattleResolved');
    expect(resolved.scoreA as bigint).toBeGreaterThan(0n);
    expect(resolved.scoreB as bigint).toBeGreaterThan(0n);
    expect(logs.some((l) => l.eventName === 'BattleTimedOut')).toBe(false);
    await expectRevert(game.as(4).battles.write.claimTimeout([id]), 'AdminBattle_InvalidBattle');
  });
});
