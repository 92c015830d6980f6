import { getMainRune, getSpecies, STARTER_RUNIX } from '@skald/game';
import { useState } from 'react';
import { ArtImage } from '../../../art/art-image.tsx';
import { artPath } from '../../../art/paths.ts';
import { call } from '../../../lib/contracts.ts';
import { useAppConfig } from '../../../lib/hooks.ts';
import { MINT_ROLL_GAS } from '../../../tx/gas.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

/** Step 3: claim the starter vera chosen at creation (`Veras.claimStarter`), with the first runix. */
export function ClaimStarter(props: {
  starter: { species: number; rune: number } | undefined;
  onMinted: (veraId: string) => void;
}) {
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const { starter } = props;
  const onClaim = async () => {
    setBusy(true);
    const result = await transact('Claiming your starter', {
      ...call(config, 'Veras', 'claimStarter', []),
      gas: MINT_ROLL_GAS,
    });
    setBusy(false);
    if (!result.ok) return;
    const { mintedVeraId } = await import('../../../tx/receipt-events.ts');
    const veraId = mintedVeraId(result.receipt);
    if (veraId !== undefined) props.onMinted(veraId);
  };
  return (
    <div className="card">
      <h2>Your starter</h2>
      {starter ? (
        <p className="row" style={{ flexWrap: 'wrap' }}>
          <ArtImage src={artPath.species(starter.species)} alt="" size={48} />
          <span>
            The {getSpecies(starter.species).name} you chose, with the {getMainRune(starter.rune).name} rune,
            is waiting for you, with {STARTER_RUNIX} runix for the shop and the bank.
          </span>
        </p>
      ) : (
        <p>The starter you chose is waiting for you, with {STARTER_RUNIX} runix for the shop and the bank.</p>
      )}
      <button type="button" className="primary" disabled={busy} onClick={() => void onClaim()}>
        {busy ? 'Waiting for the wallet…' : 'Claim your starter'}
      </button>
    </div>
  );
}
