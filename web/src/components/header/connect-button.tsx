/**
 * 'Connect' when disconnected; the abbreviated address when connected, which disconnects on click. A wallet on
 * another chain shows 'Wrong network' instead (click: ask the wallet to switch) next to a disconnect control.
 */
import { abbreviateAddress } from '@skald/game';
import { useState } from 'react';
import { toast } from 'sonner';
import { describeWalletError } from '../../wallet/errors.ts';
import { useNetworkState, useSwitchToGameChain } from '../../wallet/network.ts';
import { useWallet } from '../../wallet/wallet-layer.tsx';
import { MagneticButton } from './magnetic.tsx';

export const WRONG_NETWORK_LABEL = 'Wrong network';

export function connectLabel(status: string, address: string | undefined): string {
  if (address && (status === 'connected' || status === 'reconnecting')) return abbreviateAddress(address);
  if (status === 'connecting') return 'Connecting…';
  if (status === 'reconnecting') return 'Reconnecting…';
  return 'Connect';
}

export function ConnectButton() {
  const wallet = useWallet();
  const { address } = wallet.connection;
  // a click before the wallet layer has arrived waits for it: 'Connecting…' meanwhile
  const [loading, setLoading] = useState(false);
  const status = loading ? 'connecting' : wallet.connection.status;
  const network = useNetworkState();
  const { switchNow, pending: switching } = useSwitchToGameChain();
  const label = connectLabel(status, address);

  const onDisconnect = () => {
    wallet
      .load()
      .then((layer) => layer.disconnect())
      .catch((error: unknown) => toast.error(describeWalletError(error)));
  };

  if (address && network === 'wrong-network') {
    return (
      <span className="wrong-network-group">
        <MagneticButton
          label={switching ? 'Switching…' : WRONG_NETWORK_LABEL}
          onClick={switchNow}
          disabled={switching}
          className="connect-button wrong-network"
          title={`Connected to another network: switch to the game's network (${abbreviateAddress(address)})`}
        />
        <button
          type="button"
          className="icon-button"
          aria-label="Disconnect wallet"
          title="Disconnect wallet"
          onClick={onDisconnect}
        >
          ×
        </button>
      </span>
    );
  }

  const onClick = () => {
    if (address) {
      onDisconnect();
      return;
    }
    setLoading(true);
    wallet
      .load()
      .then((layer) => {
        setLoading(false);
        return layer.connect();
      })
      .catch((error: unknown) => {
        setLoading(false);
        toast.error(describeWalletError(error, 'connect'));
      });
  };

  return (
    <MagneticButton
      label={label}
      onClick={onClick}
      disabled={status === 'connecting'}
      className="connect-button"
      title={address ? 'Disconnect wallet' : 'Connect a wallet'}
    />
  );
}
