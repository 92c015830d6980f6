/**
 * Leader election over Redis for the live stream's source: one gateway process LISTENs and reads Postgres,
 * the others receive its batches through the socket.io Redis adapter. A lease (SET NX PX) renewed by its holder;
 * if the holder dies, another process takes over within one lease and catches up from its own head.
 */
import type { createClient } from 'redis';

type Redis = ReturnType<typeof createClient>;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export type LeaderOptions = {
  redis: Redis;
  key: string;
  id: string;
  leaseMs?: number;
  onElected: () => void;
  onDeposed: () => void;
  onError?: (error: unknown) => void;
};

export function campaign(options: LeaderOptions): { isLeader(): boolean; stop(): Promise<void> } {
  const lease = options.leaseMs ?? 6000;
  let leader = false;
  let stopped = false;
  const tick = async () => {
    try {
      if (leader) {
        const renewed = await options.redis.eval(RENEW, {
          keys: [options.key],
          arguments: [options.id, String(lease)],
        });
        if (Number(renewed) !== 1) {
          leader = false;
          options.onDeposed();
        }
      } else {
        const got = await options.redis.set(options.key, options.id, { NX: true, PX: lease });
        if (got === 'OK' && !stopped) {
          leader = true;
          options.onElected();
        }
      }
    } catch (error) {
      options.onError?.(error);
      // without Redis we cannot prove the lease is still ours
      if (leader) {
        leader = false;
        options.onDeposed();
      }
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), Math.floor(lease / 3));
  timer.unref();
  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (leader) {
        leader = false;
        options.onDeposed();
        await options.redis.eval(RELEASE, { keys: [options.key], arguments: [options.id] }).catch(() => {});
      }
    },
  };
}
