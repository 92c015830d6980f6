/**
 * What happened to the connected player, from their side: their own mint (or a vera granted to them), a battle
 * found, an opponent waiting for their moves, a battle won or lost, a challenge, a clan invite, a join request
 * answered, a grant. Each moment gets its own toast with the one action that fits; everything else (the player's
 * own clicks, other players' business) is not a moment. Pure: the web app maps `go` to its routes.
 */

import { ADMIN_GRANT_KIND_LABELS, AdminGrantKind, BattleOutcome, VeraOrigin } from '../catalogue/codes.ts';
import { itemName } from '../catalogue/items.ts';
import { formatAmount } from './activity.ts';
import { mintDetail, type SentenceEvent } from './activity-sentence.ts';
import { sameAddress } from './address.ts';

/** The event fields a moment reads: a sentence's, and the cursor and battle (the live stream's ActivityEvent). */
export type MomentEvent = SentenceEvent & { cursor: string; battleId?: string; text?: string };

export type Me = { characterId?: string; address?: string };

/** Where a moment's action leads. */
export type MomentTarget =
  | { page: 'vera'; id: string }
  | { page: 'battle'; id: string }
  | { page: 'clan'; id: string }
  | { page: 'arena' }
  | { page: 'viking'; id: string };

export type Moment = {
  /** one toast per moment: the id it is shown (and updated) under */
  id: string;
  title: string;
  detail?: string;
  tone: 'success' | 'info' | 'warning';
  action: { label: string; go: MomentTarget };
};

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function isMine(me: Me, event: Pick<MomentEvent, 'account' | 'characterId'>): boolean {
  if (me.characterId && event.characterId === me.characterId) return true;
  return Boolean(me.address && event.account && sameAddress(me.address, event.account));
}

/** The connected player's mint (the vera is theirs: their encounter, lootbox, or an admin's grant to them). */
export function isMyMint(me: Me, event: MomentEvent): boolean {
  if (event.kind !== 'VeraMinted' && event.type !== 'mint') return false;
  const owner = str(event.payload.owner) || event.account;
  if (me.address && owner && sameAddress(me.address, owner)) return true;
  return Boolean(me.characterId && event.characterId === me.characterId);
}

/** The moment this event is for the player `me`, if it is one. */
export function myMoment(me: Me, event: MomentEvent): Moment | undefined {
  if (!me.characterId && !me.address) return undefined;
  const id = `me-${event.cursor}`;
  const p = event.payload ?? {};
  const mine = me.characterId !== undefined && event.characterId === me.characterId;
  const theirs = me.characterId !== undefined && event.otherCharacterId === me.characterId;
  const otherName = mine ? (event.names?.other ?? 'your opponent') : (event.names?.character ?? 'a viking');
  const clan = event.names?.clan ?? (event.clanId ? `clan #${event.clanId}` : 'a clan');
  const battle = event.battleId
    ? { page: 'battle' as const, id: event.battleId }
    : ({ page: 'arena' } as const);

  if (isMyMint(me, event)) {
    const veraId = str(event.veraId ?? p.veraId);
    const granted = p.method === 'admin_grantVera';
    const starter = Number(p.origin) === VeraOrigin.starter;
    return {
      id,
      title: granted
        ? `An admin granted you Vera #${veraId}`
        : starter
          ? `Your starter vera: Vera #${veraId}`
          : `Your new vera: Vera #${veraId}`,
      detail:
        typeof p.statTotal === 'number'
          ? mintDetail({ method: str(p.method), statTotal: p.statTotal })
          : undefined,
      tone: 'success',
      action: { label: 'View', go: { page: 'vera', id: veraId } },
    };
  }
  if (!mine && !theirs) return undefined;

  switch (event.kind) {
    case 'BattleStarted':
      return {
        id,
        title: `Battle found: you against ${otherName}`,
        detail: 'Choose your moves before the turn runs out.',
        tone: 'info',
        action: { label: 'Go to battle', go: battle },
      };
    case 'BattleResolved': {
      const result = Number(p.result);
      const won = (result === BattleOutcome.aWon && mine) || (result === BattleOutcome.bWon && theirs);
      const title =
        result === BattleOutcome.tie
          ? `You drew with ${otherName}`
          : won
            ? `You beat ${otherName}`
            : `${otherName} beat you`;
      return {
        id,
        title,
        detail: event.text,
        tone: won ? 'success' : 'info',
        action: { label: 'View', go: battle },
      };
    }
    case 'BattleTimedOut': {
      const silentMe = (mine && p.silentA) || (theirs && p.silentB);
      const silentThem = (mine && p.silentB) || (theirs && p.silentA);
      const title =
        silentMe && silentThem
          ? 'Your battle timed out: neither side moved'
          : silentMe
            ? 'You let the turn run out and lost the battle'
            : `You won: ${otherName} let the turn run out`;
      return { id, title, tone: silentMe ? 'warning' : 'success', action: { label: 'View', go: battle } };
    }
    case 'ChallengeSent':
      return theirs
        ? {
            id,
            title: `${otherName} challenged you`,
            detail: 'Accept or decline it in the arena.',
            tone: 'info',
            action: { label: 'Answer', go: { page: 'arena' } },
          }
        : undefined;
    case 'ChallengeClosed': {
      if (!theirs) return undefined;
      const outcome = Number(p.outcome);
      if (outcome !== 1 && outcome !== 2) return undefined;
      return {
        id,
        title: `${otherName} ${outcome === 1 ? 'accepted' : 'declined'} your challenge`,
        tone: outcome === 1 ? 'success' : 'info',
        action: { label: 'Go to arena', go: { page: 'arena' } },
      };
    }
    case 'ClanInviteSent':
      return theirs && event.clanId
        ? {
            id,
            title: `${otherName} invited you to ${clan}`,
            detail: 'Accept or decline on the clan page.',
            tone: 'info',
            action: { label: 'View invite', go: { page: 'clan', id: event.clanId } },
          }
        : undefined;
    case 'ClanJoinRequestClosed': {
      const outcome = Number(p.outcome);
      if (!theirs || !event.clanId || (outcome !== 1 && outcome !== 2)) return undefined;
      return {
        id,
        title: `Your request to join ${clan} was ${outcome === 1 ? 'accepted' : 'declined'}`,
        tone: outcome === 1 ? 'success' : 'info',
        action: { label: 'View clan', go: { page: 'clan', id: event.clanId } },
      };
    }
    case 'AdminGranted': {
      // a vera granted to the player arrives as its mint; experience goes to a vera, wisp experience to a clan
      const what = grantedThing(p);
      if (!mine || !what) return undefined;
      return {
        id,
        title: `An admin granted you ${what}`,
        tone: 'success',
        action: { label: 'View', go: { page: 'viking', id: event.characterId as string } },
      };
    }
    default:
      return undefined;
  }
}

/** What an inventory grant gave ("500 runix", "2 × Healing Salve", "a lootbox"); undefined for other grants. */
function grantedThing(p: Record<string, unknown>): string | undefined {
  const amount = formatAmount(str(p.amount) || '0');
  const one = str(p.amount) === '1';
  switch (str(p.kind)) {
    case ADMIN_GRANT_KIND_LABELS[AdminGrantKind.runix]:
      return `${amount} runix`;
    case ADMIN_GRANT_KIND_LABELS[AdminGrantKind.onyx]:
      return `${amount} onyx`;
    case ADMIN_GRANT_KIND_LABELS[AdminGrantKind.item]:
      return `${amount} × ${itemName(Number(p.subjectId ?? 0))}`;
    case ADMIN_GRANT_KIND_LABELS[AdminGrantKind.lootbox]:
      return one ? 'a lootbox' : `${amount} lootboxes`;
    case ADMIN_GRANT_KIND_LABELS[AdminGrantKind.amulet]:
      return one ? 'an amulet' : `${amount} amulets`;
    default:
      return undefined;
  }
}
