/**
 * A running battle's turn clock and the claim of the win once the turn has run out with only the player's actions
 * in: the arena's card of the player's battle and the battle page's turn panel both show them.
 */
import { useState } from 'react';
import { useAppConfig } from '../../lib/hooks.ts';
import { useChainNow } from '../../lib/use-chain-now.ts';
import { findGameAction } from '../../tx/actions.ts';
import { RESOLVE_BATTLE_GAS } from '../../tx/gas.ts';
import { useTransactor } from '../../tx/use-transactor.ts';

/** Seconds left in the turn by the chain's clock (undefined until it is known, or without a deadline), and the claim. */
export function useBattleClaim(battleId: string, deadline: number | null) {
  const now = useChainNow();
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const left = now === undefined || deadline === null ? undefined : Math.max(0, Math.ceil(deadline - now));
  const claim = async () => {
    const action = findGameAction('battle-claim');
    if (!action) return;
    const args = { battleId: BigInt(battleId) };
    setBusy(true);
    await transact(
      action.toastLabel(args),
      { ...action.toCall(config, args), gas: RESOLVE_BATTLE_GAS },
      { invalidate: [['battle', battleId], ['arena']] },
    );
    setBusy(false);
  };
  return { left, busy, claim };
}

export function ClaimButton({ busy, claim }: { busy: boolean; claim: () => Promise<void> }) {
  return (
    <button type="button" className="primary" disabled={busy} onClick={() => void claim()}>
      {busy ? 'Sending…' : 'Claim the win'}
    </button>
  );
}
