/** Activity vocabulary and sentences: names and amounts, never "Someone" for a known account. */
import { describe, expect, it } from 'vitest';
import {
  describeActivity,
  findAbility,
  formatAmount,
  formatSigned,
  parseActivityTypes,
  type SentenceEvent,
} from '../src/index.ts';

const ADMIN = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

const event = (over: Partial<SentenceEvent>): SentenceEvent => ({
  type: 'battle',
  kind: 'BattleResolved',
  payload: {},
  ...over,
});

describe('activity vocabulary', () => {
  it('parses type lists from untrusted text, in catalogue order', () => {
    expect(parseActivityTypes('inventory, Grant,dance')).toEqual(['grant', 'inventory']);
    expect(parseActivityTypes(['battle', 'mint', 'battle'])).toEqual(['mint', 'battle']);
    expect(parseActivityTypes(undefined)).toEqual([]);
  });
  it('formats amounts and signed changes', () => {
    expect(formatAmount('1234567')).toBe('1,234,567');
    expect(formatAmount(-1250n)).toBe('−1,250');
    expect(formatAmount('x')).toBe('x');
    expect([formatSigned(16), formatSigned(-16), formatSigned(0)]).toEqual(['+16', '−16', '±0']);
  });
});

describe('activity sentences', () => {
  it('a runix grant names the admin and the recipient with the amount', () => {
    const grant = event({
      type: 'grant',
      kind: 'AdminGranted',
      account: ADMIN,
      characterId: '7',
      payload: { kind: 'Runix', target: '7', subjectId: '0', amount: '500', contract: 'Inventory' },
      names: { account: 'Ulf8', character: 'Freydis3' },
    });
    expect(describeActivity(grant)).toBe('Ulf8 granted 500 runix to Freydis3');
    // an admin without a viking reads as its address, never "Someone"
    const { names: _, ...unnamed } = grant;
    expect(describeActivity({ ...unnamed, names: { character: 'Freydis3' } })).toBe(
      'Admin 0xf39f…2266 granted 500 runix to Freydis3',
    );
    expect(
      describeActivity({
        ...grant,
        payload: { ...grant.payload, kind: 'Item', subjectId: '3', amount: '2' },
      }),
    ).toBe('Ulf8 granted 2 × Mead to Freydis3');
  });

  it('a resolved battle puts the winner first with both elo changes', () => {
    const battle = event({
      characterId: '3',
      otherCharacterId: '11',
      payload: { battleType: 1, result: 2, scoreA: 1, scoreB: 3 },
      names: { character: 'Leif3', other: 'Astrid11' },
      eloChange: { a: -16, b: 16 },
    });
    expect(describeActivity(battle)).toBe('Astrid11 beat Leif3 in ranked: +16 / −16');
    expect(
      describeActivity({
        ...battle,
        payload: { ...battle.payload, result: 1 },
        eloChange: { a: 16, b: -16 },
      }),
    ).toBe('Leif3 beat Astrid11 in ranked: +16 / −16');
    const { eloChange: _, ...casual } = battle;
    expect(describeActivity({ ...casual, payload: { ...casual.payload, battleType: 2 } })).toBe(
      'Astrid11 beat Leif3 in casual (3–1)',
    );
  });

  it('a timeout names the side that let the turn run out', () => {
    const timedOut = event({
      kind: 'BattleTimedOut',
      characterId: '3',
      otherCharacterId: '11',
      payload: { battleId: '9', silentA: false, silentB: true, claimedBy: ADMIN },
      names: { character: 'Leif3', other: 'Astrid11' },
    });
    expect(describeActivity(timedOut)).toBe('Astrid11 let the turn run out: Leif3 wins battle #9 by timeout');
    expect(describeActivity({ ...timedOut, payload: { battleId: '9', silentA: true, silentB: true } })).toBe(
      'Leif3 and Astrid11 both let the turn of battle #9 run out',
    );
  });

  it('reads every area with names: inventory, shop, clan, bank', () => {
    expect(
      describeActivity(
        event({
          type: 'inventory',
          kind: 'RunixChanged',
          characterId: '4',
          payload: { delta: '-1250', balanceAfter: '10', reason: 'shop' },
          names: { character: 'Sigrid4' },
        }),
      ),
    ).toBe('Sigrid4 spent 1,250 runix (shop)');
    expect(
      describeActivity(
        event({
          type: 'shop',
          kind: 'ShopTransaction',
          payload: {
            shopId: 1,
            sold: [],
            bought: [{ itemId: 3, quantity: '2' }],
            runixPaid: '30',
            runixReceived: '0',
          },
          names: { character: 'Sigrid4' },
        }),
      ),
    ).toBe('Sigrid4 bought 2 × Mead for 30 runix at shop 1');
    expect(
      describeActivity(
        event({
          type: 'clan',
          kind: 'ClanInviteSent',
          clanId: '2',
          names: { character: 'Bjorn1', other: 'Sigrid4', clan: 'Wolves' },
        }),
      ),
    ).toBe('Bjorn1 invited Sigrid4 to Wolves');
    expect(
      describeActivity(
        event({
          type: 'bank',
          kind: 'RunixLocked',
          payload: { runix: '5000' },
          names: { character: 'Bjorn1' },
        }),
      ),
    ).toBe('Bjorn1 locked 5,000 runix in the bank');
  });

  it('a new viking reads with its own name even before the index knows it', () => {
    expect(
      describeActivity(
        event({ type: 'character', kind: 'CharacterCreated', characterId: '9', payload: { name: 'Ragna9' } }),
      ),
    ).toBe('Ragna9 joined the game');
  });

  it('an unknown kind falls back to the actor and the kind in words', () => {
    expect(describeActivity(event({ kind: 'SomethingNew', names: { character: 'Ragna9' } }))).toBe(
      'Ragna9: something new',
    );
  });
});

describe('mint sentences', () => {
  it('names the owner, the vera, its strength and how it came', () => {
    expect(
      describeActivity(
        event({
          type: 'mint',
          kind: 'VeraMinted',
          veraId: '12',
          account: ADMIN,
          payload: { veraId: '12', owner: ADMIN, ownerName: 'Astrid', method: 'encounter', statTotal: 250 },
        }),
      ),
    ).toBe('Astrid minted Vera #12 (Stat total 250 · found in an encounter)');
  });
});

describe('vera sentences', () => {
  it('names a learned ability instead of its number', () => {
    const learned = (abilityId: number) =>
      describeActivity(
        event({
          type: 'vera',
          kind: 'VeraAbilityLearned',
          veraId: '3',
          names: { account: 'Astrid' },
          payload: { abilityId },
        }),
      );
    const sentence = learned(9);
    expect(sentence).toMatch(/^Astrid's Vera #3 learned /);
    expect(sentence).not.toMatch(/ability #/);
    expect(sentence).toContain(findAbility(9)?.name as string);
    // an id the catalogue does not know still reads
    expect(learned(250)).toBe("Astrid's Vera #3 learned ability #250");
  });
});
