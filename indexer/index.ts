/**
 * @skald/indexer's public surface for other packages: start the indexer (and GraphQL readers on a replica), plus the names it uses. The harness step
 * for tests and benchmarks (waits on what it published, Ponder's metrics) is on `@skald/indexer/testing`.
 */
export { decodeMintMethod, MINT_METHODS, MINT_SELECTORS, type MintMethod } from '@skald/chain/activity';
export {
  commentIndex,
  prepareIndexer,
  type RunningIndexer,
  type RunningReader,
  type StartIndexerOptions,
  type StartReaderOptions,
  startIndexer,
  startReader,
} from './lib/ponder-process.ts';
