/**
 * The arena: pick up to three veras (their abilities from the catalogue, with descriptions), choose an open
 * battle type, enter or leave its queue, and follow the queue live. When matched, the battle page takes over.
 * There is always a way on: the battle in progress (with its turn's clock, and the claim once a silent opponent
 * let it run out), the queue to leave, or the arsenal to queue again once the battle has ended.
 */
import { createFileRoute } from '@tanstack/react-router';
import { usePlayer } from '../lib/hooks.ts';
import { BattleInProgress } from './-components/arena/active-battle.tsx';
import { Arsenal } from './-components/arena/arsenal.tsx';
import { Challenges } from './-components/arena/challenges.tsx';
import { Queues, QueueWait } from './-components/arena/queues.tsx';
import { useArena } from './-components/arena/use-arena.ts';
import { NeedsViking } from './-components/needs-viking.tsx';

export const Route = createFileRoute('/arena')({
  head: () => ({ meta: [{ title: 'Arena · Skald' }] }),
  component: ArenaPage,
});

function ArenaPage() {
  const player = usePlayer();
  if (!player.characterId) return <NeedsViking title="Arena" what="battle" />;
  return <Arena characterId={player.characterId} />;
}

function Arena({ characterId }: { characterId: string }) {
  const a = useArena(characterId);
  const { me, challenges } = a;
  return (
    <section>
      <h1>Arena</h1>
      <BattleInProgress me={me} />
      <Queues types={a.arena.data?.types ?? []} characterId={characterId} />
      {me?.queue ? (
        <QueueWait
          queue={me.queue}
          types={a.arena.data?.types}
          busy={a.busy}
          onLeave={(t) => void a.leave(t)}
        />
      ) : null}
      {challenges.incoming.length + challenges.outgoing.length > 0 ? (
        <Challenges
          challenges={challenges}
          me={me}
          picked={a.picked}
          busy={a.busy}
          onAnswer={(id, accept, label) => void a.answer(id, accept, label)}
        />
      ) : null}
      {!me?.queue && !me?.activeBattleId ? (
        <Arsenal
          characterId={characterId}
          veras={a.veras}
          noVeras={a.profile.isSuccess && a.veras.length === 0}
          picked={a.picked}
          onToggle={a.toggle}
          open={a.open}
          chosenType={a.chosenType}
          onChooseType={a.setBattleType}
          busy={a.busy}
          onEnter={() => void a.enter()}
          canChallenge={challenges.outgoing.length === 0}
          onChallenge={(opponent, name) => void a.challenge(opponent, name)}
        />
      ) : null}
    </section>
  );
}
