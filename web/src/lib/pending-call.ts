/**
 * A transaction waiting for review on /confirm, carried in the URL so a reload keeps it. Only player actions on
 * Skald contracts are accepted; bigints travel as "123n" strings because JSON has no bigint.
 */
import type { CallableContract } from './contracts.ts';

export type PendingCall = {
  contract: CallableContract;
  functionName: string;
  args: unknown[];
  label: string;
  back?: string;
};

const ALLOWED: Record<string, CallableContract> = {
  transactWithShop: 'Shop',
  lockRunix: 'Bank',
  unlockRunix: 'Bank',
  foundClan: 'Clans',
  leaveClan: 'Clans',
};

export function encodePendingCall(call: PendingCall): string {
  return JSON.stringify(call, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
}

export function decodePendingCall(raw: unknown): PendingCall | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = JSON.parse(raw, (_key, value) =>
      typeof value === 'string' && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
    ) as Partial<PendingCall>;
    if (typeof parsed.functionName !== 'string' || !parsed.contract) return undefined;
    if (ALLOWED[parsed.functionName] !== parsed.contract) return undefined;
    if (!Array.isArray(parsed.args) || typeof parsed.label !== 'string') return undefined;
    const back =
      typeof parsed.back === 'string' && parsed.back.startsWith('/') && !parsed.back.startsWith('//')
        ? parsed.back
        : undefined;
    return {
      contract: parsed.contract,
      functionName: parsed.functionName,
      args: parsed.args,
      label: parsed.label,
      back,
    };
  } catch {
    return undefined;
  }
}

export function describeArg(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(describeArg).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${describeArg(v)}`)
      .join(', ')} }`;
  }
  return String(value);
}
