/**
 * @skald/indexer's public surface for other packages: start the indexer, plus the names it uses. The harness step
 * for tests and benchmarks (waits on what it published, Ponder's metrics) is on `@skald/indexer/testing`.
 */
export { decodeMintMethod, MINT_METHODS, MINT_SELECTORS, type MintMethod } from '@skald/chain/activity';
export {
  commentIndex,
  prepareIndexer,
  type RunningIndexer,
  type StartIndexerOptions,
  startIndexer,
} from './lib/ponder-process.ts';
