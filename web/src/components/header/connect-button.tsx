/** 'Connect' when disconnected; the abbreviated address when connected, which disconnects on click. */
import { abbreviateAddress } from '@skald/game';
import { toast } from 'sonner';
import { useConnect, useConnectors, useDisconnect } from 'wagmi';
import { describeWalletError } from '../../wallet/errors.ts';
import { useWalletConnection } from '../../wallet/initial-address.tsx';
import { MagneticButton } from './magnetic.tsx';

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
  const label = connectLabel(status, address);

  const onClick = () => {
    if (address) {
      disconnect.mutate(undefined, {
        onError: (error) => toast.error(describeWalletError(error)),
      });
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
