/**
 * The Ponder process's Node flags: a bounded heap by default (it bounds the indexer's memory as history grows),
 * which SKALD_PONDER_NODE_ARGS can replace, with any other flags kept.
 */
import { describe, expect, it } from 'vitest';
import { PONDER_HEAP_MB, ponderNodeArgs } from '../lib/ponder-process.ts';

describe('ponderNodeArgs', () => {
  it('bounds the heap by default', () => {
    expect(ponderNodeArgs(undefined)).toEqual([`--max-old-space-size=${PONDER_HEAP_MB}`]);
    expect(ponderNodeArgs('')).toEqual([`--max-old-space-size=${PONDER_HEAP_MB}`]);
  });

  it('keeps extra flags after the bound', () => {
    expect(ponderNodeArgs('--cpu-prof  --cpu-prof-dir=/tmp/prof')).toEqual([
      `--max-old-space-size=${PONDER_HEAP_MB}`,
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/prof',
    ]);
  });

  it('lets SKALD_PONDER_NODE_ARGS set the bound itself', () => {
    expect(ponderNodeArgs('--max-old-space-size=2048')).toEqual(['--max-old-space-size=2048']);
  });
});
