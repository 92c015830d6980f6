/**
 * What the server hands the browser before any script runs: public chain config, the gateway session and the
 * build id. Injected as one JSON script tag so the first client render matches the server's exactly.
 */
import type { Address } from 'viem';

export type ContractName =
  | 'Roles'
  | 'Characters'
  | 'Inventory'
  | 'Veras'
  | 'Clans'
  | 'Battles'
  | 'Bank'
  | 'Shop';

export type AppConfig = {
  chainId: number;
  /** the browser's RPC (through the wallet it is the wallet's own; this one is for reads) */
  rpcUrl: string;
  contracts: Record<ContractName, Address>;
  /** id of the build the page came from: compared with /build-manifest.json to detect a newer deploy */
  build: string;
};

export type Session = { address: Address; isAdmin: boolean; characterId?: string } | null;

export type Boot = { config: AppConfig; session: Session };

export const BOOT_ELEMENT_ID = 'skald-boot';

/** JSON safe inside a <script> element: no "</script>" or HTML comment openers survive. */
export function serializeBoot(boot: Boot): string {
  return JSON.stringify(boot).replace(/</g, '\\u003c');
}

export function readBoot(): Boot {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent)
    throw new Error(`#${BOOT_ELEMENT_ID} is missing: the page was not server rendered`);
  return JSON.parse(element.textContent) as Boot;
}
