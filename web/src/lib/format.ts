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

export function number(value: string | number | bigint): string {
  return BigInt(value).toLocaleString('en-US');
}
