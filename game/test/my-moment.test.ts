/** The player's own moments: which events are theirs, from their side, with the action that fits. */
import { describe, expect, it } from 'vitest';
import { type Me, type MomentEvent, myMoment } from '../src/index.ts';

const ME: Me = { characterId: '7', address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' };
const BOT = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

const event = (over: Partial<MomentEvent>): MomentEvent => ({
  type: 'battle',
  kind: 'BattleResolved',
  cursor: '000000000000000100-00003',
  payload: {},
  ...over,
});

describe('my moments', () => {
  it('my own mint, and a vera an admin granted me, each with View; not a bot mint', () => {
    const mine = myMoment(
      ME,
      event({
        type: 'mint',
        kind: 'VeraMinted',
        veraId: '42',
        account: ME.address?.toUpperCase().replace('0X', '0x'),
        payload: { owner: ME.address, method: 'encounter', statTotal: 61 },
      }),
    );
    expect(mine?.title).toBe('Your new vera: Vera #42');
    expect(mine?.detail).toBe('Stat total 61 · found in an encounter');
    expect(mine?.action).toEqual({ label: 'View', go: { page: 'vera', id: '42' } });
    const granted = myMoment(
      ME,
      event({
        type: 'mint',
        kind: 'VeraMinted',
        veraId: '43',
        payload: { owner: ME.address, method: 'admin_grantVera' },
      }),
    );
    expect(granted?.title).toBe('An admin granted you Vera #43');
    const starter = myMoment(
      ME,
      event({
        type: 'mint',
        kind: 'VeraMinted',
        veraId: '45',
        payload: { owner: ME.address, method: 'other', origin: 4 },
      }),
    );
    expect(starter?.title).toBe('Your starter vera: Vera #45');
    const theirs = myMoment(
      ME,
      event({ type: 'mint', kind: 'VeraMinted', veraId: '44', characterId: '9', payload: { owner: BOT } }),
    );
    expect(theirs).toBeUndefined();
  });

  it('a battle found and its result read from my side, whichever side I am', () => {
    const names = { character: 'Ulf8', other: 'Freydis3' };
    const found = myMoment(
      ME,
      event({ kind: 'BattleStarted', characterId: '9', otherCharacterId: '7', battleId: '71', names }),
    );
    expect(found?.title).toBe('Battle found: you against Ulf8');
    expect(found?.action).toEqual({ label: 'Go to battle', go: { page: 'battle', id: '71' } });
    const asA = { characterId: '7', otherCharacterId: '9', battleId: '71', names: { other: 'Ulf8' } };
    expect(myMoment(ME, event({ ...asA, payload: { result: 1 } }))?.title).toBe('You beat Ulf8');
    expect(myMoment(ME, event({ ...asA, payload: { result: 2 } }))?.title).toBe('Ulf8 beat you');
    expect(myMoment(ME, event({ ...asA, payload: { result: 3 } }))?.title).toBe('You drew with Ulf8');
    const asB = { characterId: '9', otherCharacterId: '7', battleId: '71', names: { character: 'Ulf8' } };
    expect(myMoment(ME, event({ ...asB, payload: { result: 2 } }))?.title).toBe('You beat Ulf8');
    const timedOut = myMoment(ME, event({ ...asB, kind: 'BattleTimedOut', payload: { silentA: true } }));
    expect(timedOut?.title).toBe('You won: Ulf8 let the turn run out');
    const iSlept = myMoment(ME, event({ ...asB, kind: 'BattleTimedOut', payload: { silentB: true } }));
    expect(iSlept?.tone).toBe('warning');
  });

  it('challenges, invites and join requests addressed to me; my own sending is not a moment', () => {
    const challenge = myMoment(
      ME,
      event({ kind: 'ChallengeSent', characterId: '9', otherCharacterId: '7', names: { character: 'Ulf8' } }),
    );
    expect(challenge?.title).toBe('Ulf8 challenged you');
    expect(challenge?.action.go).toEqual({ page: 'arena' });
    expect(
      myMoment(ME, event({ kind: 'ChallengeSent', characterId: '7', otherCharacterId: '9' })),
    ).toBeUndefined();
    const accepted = myMoment(
      ME,
      event({
        kind: 'ChallengeClosed',
        characterId: '9',
        otherCharacterId: '7',
        names: { character: 'Ulf8' },
        payload: { outcome: 1 },
      }),
    );
    expect(accepted?.title).toBe('Ulf8 accepted your challenge');
    const invite = myMoment(
      ME,
      event({
        type: 'clan',
        kind: 'ClanInviteSent',
        characterId: '9',
        otherCharacterId: '7',
        clanId: '3',
        names: { character: 'Ulf8', clan: 'Ravens' },
      }),
    );
    expect(invite?.title).toBe('Ulf8 invited you to Ravens');
    expect(invite?.action.go).toEqual({ page: 'clan', id: '3' });
    const answered = myMoment(
      ME,
      event({
        type: 'clan',
        kind: 'ClanJoinRequestClosed',
        characterId: '9',
        otherCharacterId: '7',
        clanId: '3',
        names: { clan: 'Ravens' },
        payload: { outcome: 2 },
      }),
    );
    expect(answered?.title).toBe('Your request to join Ravens was declined');
  });

  it('an inventory grant to me says what I got; no moment without a player', () => {
    const grant = myMoment(
      ME,
      event({
        type: 'grant',
        kind: 'AdminGranted',
        characterId: '7',
        payload: { kind: 'Runix', amount: '1500' },
      }),
    );
    expect(grant?.title).toBe('An admin granted you 1,500 runix');
    expect(grant?.action.go).toEqual({ page: 'viking', id: '7' });
    expect(
      myMoment(
        ME,
        event({ type: 'grant', kind: 'AdminGranted', characterId: '7', payload: { kind: 'Vera' } }),
      ),
    ).toBeUndefined();
    expect(
      myMoment({}, event({ kind: 'BattleStarted', characterId: '7', otherCharacterId: '9' })),
    ).toBeUndefined();
  });
});
