/**
 * @skald/indexer's public surface for other packages: start the indexer (and, as a harness step, for a test or a
 * benchmark, with waits on what it published), plus the names it uses.
 */
export { decodeMintMethod, MINT_METHODS, MINT_SELECTORS, type MintMethod } from '@skald/chain/activity';
export { indexedBlock, openReader, startTestIndexer, waitForIndexed } from './lib/harness.ts';
export { machineCpuMs, metricsReport, processCpuMs, scrapeMetrics, threadCpuMs } from './lib/metrics.ts';
export {
  commentIndex,
  type RunningIndexer,
  type StartIndexerOptions,
  startIndexer,
} from './lib/ponder-process.ts';
