/**
 * One battle: both sides with their veras, the actions each submitted, the result and each side's elo change.
 * A participant whose side has not acted yet picks an action per vera (or surrenders it) here. The turn has a
 * deadline (block time): the page counts down to it, and once it passes offers the side that submitted to claim
 * the win from a silent opponent. The page follows the battle live: every battle event refreshes it.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { battleQueryOptions } from '../api/queries.ts';
import { utcDate } from '../lib/format.ts';
import { usePlayer } from '../lib/hooks.ts';
import { orNotFound } from '../lib/load.ts';
import { ActionPicker } from './-components/battle/action-picker.tsx';
import { BattleResult } from './-components/battle/battle-result.tsx';
import { SideCard } from './-components/battle/side-card.tsx';
import { TurnPanel } from './-components/battle/turn-panel.tsx';
import { useBattleFollow } from './-components/battle/use-battle-follow.ts';

export const Route = createFileRoute('/battle/$id')({
  loader: ({ context, params }) =>
    orNotFound(params.id, () =>
      context.queryClient.ensureQueryData(battleQueryOptions(context.api, params.id)),
    ),
  head: ({ loaderData }) => ({
    meta: [
      {
        title: loaderData
          ? `${loaderData.sides[0]?.name} vs ${loaderData.sides[1]?.name} · battle #${loaderData.id} · Skald`
          : 'Battle · Skald',
      },
    ],
  }),
  component: BattlePage,
});

function BattlePage() {
  const { id } = Route.useParams();
  const { api } = Route.useRouteContext();
  const player = usePlayer();
  const { data: battle } = useSuspenseQuery(battleQueryOptions(api, id));
  const mine = battle.sides.find((s) => s.characterId === player.characterId);
  useBattleFollow(battle);
  return (
    <article>
      <h1>
        Battle #{battle.id} <span className="muted">· {battle.battleTypeName}</span>
      </h1>
      <p className="muted">
        Started {utcDate(battle.startedAt)}
        {battle.resolvedAt ? ` · resolved ${utcDate(battle.resolvedAt)}` : ''}
      </p>
      <BattleResult battle={battle} />
      <TurnPanel battle={battle} mine={mine} />
      <div className="grid battle-sides">
        {battle.sides.map((side) => (
          <SideCard key={side.side} side={side} battle={battle} isMe={side === mine} />
        ))}
      </div>
      {mine && battle.status === 'started' && !mine.submitted ? (
        <ActionPicker battle={battle} side={mine} />
      ) : null}
      {mine && battle.status === 'started' && mine.submitted ? (
        <p className="card" role="status">
          Your actions are in. The battle resolves as soon as your opponent submits theirs.
        </p>
      ) : null}
    </article>
  );
}
