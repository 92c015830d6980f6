/** Under the header while the wallet is on another chain: what is wrong, and one button to fix it. */
import { useNetworkState, useSwitchToGameChain, WRONG_NETWORK_MESSAGE } from '../../wallet/network.ts';

export function WrongNetworkBanner() {
  const network = useNetworkState();
  const { switchNow, pending } = useSwitchToGameChain();
  if (network !== 'wrong-network') return null;
  return (
    <div className="network-banner" role="alert">
      <span>{WRONG_NETWORK_MESSAGE} Game actions are disabled until then.</span>
      <button type="button" className="secondary" onClick={switchNow} disabled={pending}>
        {pending ? 'Switching…' : 'Switch network'}
      </button>
    </div>
  );
}
