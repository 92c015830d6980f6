/** Display helpers shared by screens. */
import { abbreviateAddress, isAddress } from '@skald/game';

export function relativeTime(unixSeconds: number, nowMs: number = Date.now()): string {
  const diff = Math.round(nowMs / 1000 - unixSeconds);
  if (diff < 5) return 'just now';
  if (diff < 60) return `${diff}s ago`;
  if (diff < 3600) return `${Math.floor(diff / 60)}m ago`;
  if (diff < 86_400) return `${Math.floor(diff / 3600)}h ago`;
  return `${Math.floor(diff / 86_400)}d ago`;
}

export function shortAddress(value: string | null | undefined): string {
  return value && isAddress(value) ? abbreviateAddress(value) : '—';
}

export function utcDate(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * An integer with thousands separators, as en-US writes it ("1,234,567"). Done by hand: the first Intl number
 * formatter a page makes loads locale data, about 20 ms of a phone's main thread while the page hydrates.
 */
export function number(value: string | number | bigint): string {
  const n = BigInt(value);
  const digits = (n < 0n ? -n : n).toString();
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0n ? `-${out}` : out;
}
