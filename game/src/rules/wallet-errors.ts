/**
 * Wallet messages from the product spec (section 8). The first four are quoted by the spec; the last two it
 * only describes, so their wording is ours. Kept here so the web app and its tests share one spelling.
 */
export const WALLET_ERRORS = {
  chainNotConfigured: 'Chain not configured.',
  connectorAlreadyConnected: 'Connector already connected.',
  connectorNotConnected: 'Connector not connected.',
  providerNotFound: 'Provider not found.',
  transportUrlMissing: 'No RPC URL was provided for the network. Please configure a valid RPC URL.',
  switchChainRejected: 'The network switch was rejected in the wallet.',
} as const;

export type WalletErrorKey = keyof typeof WALLET_ERRORS;
