/**
 * 'Connect' when disconnected; the abbreviated address when connected, which disconnects on click. A wallet on
 * another chain shows 'Wrong network' instead (click: ask the wallet to switch) next to a disconnect control.
 */
import { abbreviateAddress } from '@skald/game';
import { toast } from 'sonner';
import { useConnect, useConnectors, useDisconnect } from 'wagmi';
import { describeWalletError } from '../../wallet/errors.ts';
import { useWalletConnection } from '../../wallet/initial-address.tsx';
import { useNetworkState, useSwitchToGameChain } from '../../wallet/network.ts';
import { MagneticButton } from './magnetic.tsx';

export const WRONG_NETWORK_LABEL = 'Wrong network';

export function connectLabel(status: string, address: string | undefined): string {
  if (address && (status === 'connected' || status === 'reconnecting')) return abbreviateAddress(address);
  if (status === 'connecting') return 'Connecting…';
  if (status === 'reconnecting') return 'Reconnecting…';
  return 'Connect';
}

export function ConnectButton() {
  const { address, status } = useWalletConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const network = useNetworkState();
  const { switchNow, pending: switching } = useSwitchToGameChain();
  const label = connectLabel(status, address);

  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onError: (error) => toast.error(describeWalletError(error)),
    });

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
    const connector = connectors[0];
    if (!connector) {
      toast.error(describeWalletError({ name: 'ProviderNotFoundError' }));
      return;
    }
    connect.mutate({ connector }, { onError: (error) => toast.error(describeWalletError(error, 'connect')) });
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
