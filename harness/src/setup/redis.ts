/**
 * Vitest global setup (`globalSetup`) for packages whose tests need Redis: ensures one (services.ts) and hands
 * its URL to the test workers as SKALD_TEST_REDIS_URL (workers inherit this process's environment).
 */
import { ensureRedis } from '../services.ts';

export async function setup() {
  const redis = await ensureRedis({ log: (line) => console.log(`harness: ${line}`) });
  if (redis.source === 'started') console.log(`harness: tests use their own Redis at ${redis.url}`);
  process.env.SKALD_TEST_REDIS_URL = redis.url;
  return () => redis.stop();
}
