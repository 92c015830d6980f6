/** Seeded PRNG (mulberry32) so property-style loops are reproducible without a dependency. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Integer in [min, max]. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Bigint in [0, 2^64), built from two 32-bit halves so every bit can vary. */
export function randomUint64(random: () => number): bigint {
  const high = BigInt(randomInt(random, 0, 0xffff_ffff));
  const low = BigInt(randomInt(random, 0, 0xffff_ffff));
  return (high << 32n) | low;
}
