/**
 * What waits for the connected player (live/use-waiting.ts): a badge beside the header's Me button that counts it
 * and leads to the list, and the list itself on the player's home, each entry linking where it is answered.
 */
import { Link } from '@tanstack/react-router';
import { useWaiting, type WaitingItem } from '../live/use-waiting.ts';

export function WaitingBadge({ characterId }: { characterId: string }) {
  const { items } = useWaiting(characterId);
  if (items.length === 0) return null;
  const label = `${items.length} ${items.length === 1 ? 'thing waits' : 'things wait'} for you`;
  return (
    <Link to="/nfts" hash="waiting" className="waiting-badge" aria-label={label} title={label}>
      {items.length}
    </Link>
  );
}

function Target({ item }: { item: WaitingItem }) {
  switch (item.kind) {
    case 'battle':
      return (
        <Link to="/battle/$id" params={{ id: item.battleId }}>
          Make your moves
        </Link>
      );
    case 'challenge':
      return <Link to="/arena">Accept or decline</Link>;
    case 'invite':
      return (
        <Link to="/clans/$id" params={{ id: item.clanId }}>
          Accept or decline
        </Link>
      );
    default:
      return (
        <Link to="/clans/$id" params={{ id: item.clanId }}>
          Answer
        </Link>
      );
  }
}

export function WaitingList({ characterId }: { characterId: string }) {
  const { items, loaded } = useWaiting(characterId);
  return (
    <section id="waiting" className="card" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting for you</h2>
      {!loaded ? (
        <p className="muted">Looking…</p>
      ) : items.length === 0 ? (
        <p className="muted">Nothing waits for you: no battle, challenge, invitation or request.</p>
      ) : (
        <ul className="feed" data-testid="waiting">
          {items.map((item) => (
            <li key={item.key} data-kind={item.kind}>
              {item.text} · <Target item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
