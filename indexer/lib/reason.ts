/** Inventory reasons are bytes32: short ASCII tags ("shop", "bank") right-padded with zeros, or a raw hash. */
import { type Hex, hexToString } from 'viem';

export function decodeReason(reason: Hex): string {
  const trimmed = reason.replace(/(00)+$/, '');
  if (trimmed.length <= 2) return '';
  const text = hexToString(trimmed as Hex);
  return /^[\x20-\x7e]+$/.test(text) ? text : reason;
}
