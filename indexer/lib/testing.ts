/**
 * @skald/indexer/testing: the stack harness's "indexer" step (start it on a free port, read its views, wait for
 * what it published) and the Ponder process's metrics the benchmarks print. Never on the main entry.
 */
export { indexedBlock, openReader, startTestIndexer, waitForIndexed } from './harness.ts';
export {
  databaseCalls,
  type MetricsSample,
  machineCpuMs,
  metricsReport,
  peakRssMb,
  processCpuMs,
  scrapeMetrics,
  sumBy,
  threadCpuMs,
} from './metrics.ts';
