import type { Arena as ArenaData } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';

type Me = ArenaData['me'];
type BattleTypes = ArenaData['types'];

/** Every battle type's queue: open or closed, and who waits in it (the player marked "(you)"). */
export function Queues({ types, characterId }: { types: BattleTypes; characterId: string }) {
  return (
    <>
      <h2>Queues</h2>
      <table>
        <thead>
          <tr>
            <th>Battle type</th>
            <th>Status</th>
            <th>Waiting</th>
          </tr>
        </thead>
        <tbody data-testid="queues">
          {types.map((t) => (
            <tr key={t.battleType}>
              <td>{t.battleTypeName}</td>
              <td>{t.enabled ? 'Open' : 'Closed'}</td>
              <td>
                {t.waiting.length === 0
                  ? 'nobody'
                  : t.waiting.map((w, i) => (
                      <span key={w.characterId}>
                        {i > 0 ? ', ' : ''}
                        <Link to="/viking/$id" params={{ id: w.characterId }}>
                          {w.characterId === characterId ? `${w.name} (you)` : w.name}
                        </Link>
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The queue the player waits in, with their veras, and the way out of it. */
export function QueueWait({
  queue,
  types,
  busy,
  onLeave,
}: {
  queue: NonNullable<NonNullable<Me>['queue']>;
  types: BattleTypes | undefined;
  busy: boolean;
  onLeave: (battleType: number) => void;
}) {
  return (
    <div className="card" role="status" style={{ marginTop: 16 }}>
      <p>
        You are waiting in the{' '}
        <strong>{types?.find((t) => t.battleType === queue.battleType)?.battleTypeName}</strong> queue with{' '}
        {queue.veraIds.map((v) => `vera #${v}`).join(', ')}. The battle starts as soon as someone else enters
        it.
      </p>
      <button type="button" className="secondary" disabled={busy} onClick={() => onLeave(queue.battleType)}>
        Leave the queue
      </button>
    </div>
  );
}
