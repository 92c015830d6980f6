/**
 * What the server hands the browser before any script runs: public chain config, the gateway session and the
 * build id. Injected as one JSON script tag so the first client render matches the server's exactly.
 */
import type { WebSession } from '@skald/wire/web-handler';
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

/** The gateway's session (null: signed out), as the page handler is given it. */
export type Session = WebSession;

export type Boot = { config: AppConfig; session: Session };

/** What the page handler (server.ts) gives the SSR entry for one request. */
export type RenderOptions = {
  request: Request;
  config: AppConfig;
  session: Session;
  /** where the gateway answers during SSR, e.g. http://127.0.0.1:3000 */
  apiOrigin: string;
  /** production: each route's chunks, which the page's head modulepreloads for the routes it shows */
  routerManifest?: { routes: Record<string, { preloads?: string[] }> };
};

export const BOOT_ELEMENT_ID = 'skald-boot';

/** JSON safe inside a <script> element: no "</script>" or HTML comment openers survive. */
export function serializeBoot(boot: Boot): string {
  return JSON.stringify(boot).replace(/</g, '\\u003c');
}
