import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { sessionQueryOptions, vikingDataQueryOptions } from '../api/queries.ts';
import { useWalletConnection } from '../wallet/wallet-layer.tsx';

export function useApi() {
  return useRouteContext({ from: '__root__', select: (context) => context.api });
}

export function useAppConfig() {
  return useRouteContext({ from: '__root__', select: (context) => context.config });
}

export function useSession() {
  const api = useApi();
  return useQuery(sessionQueryOptions(api)).data ?? null;
}

/** The connected player's record (spec: shared state under the key viking). */
export function usePlayer() {
  const api = useApi();
  const { address, status } = useWalletConnection();
  const session = useSession();
  const query = useQuery({
    ...vikingDataQueryOptions(api, address ?? '0x'),
    enabled: address !== undefined,
  });
  const viking = address ? query.data : undefined;
  const sessionMatches = session && address && session.address.toLowerCase() === address.toLowerCase();
  return {
    address,
    status,
    viking,
    characterId: viking?.characterId ?? (sessionMatches ? session.characterId : undefined) ?? undefined,
    isAdmin: Boolean(viking?.isAdmin || (sessionMatches && session.isAdmin)),
  };
}
