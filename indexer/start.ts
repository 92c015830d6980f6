/** @skald/indexer's public surface for other packages: start the indexer, plus the names it uses. */
export { decodeMintMethod, MINT_METHODS, MINT_SELECTORS, type MintMethod } from '@skald/chain/activity';
export {
  commentIndex,
  type RunningIndexer,
  type StartIndexerOptions,
  startIndexer,
} from './lib/start.ts';
