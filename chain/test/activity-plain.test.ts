import { describe, expect, it } from 'vitest';
import { plain } from '../src/activity/index.ts';

describe('plain (activity payloads)', () => {
  it('turns bigints into decimal strings at any depth and keeps everything else', () => {
    const payload = {
      id: 7n,
      amount: 10n ** 30n,
      owner: '0xabc',
      ok: true,
      none: null,
      list: [1n, { x: -2n }],
      n: 3,
    };
    expect(plain(payload)).toEqual({
      id: '7',
      amount: '1000000000000000000000000000000',
      owner: '0xabc',
      ok: true,
      none: null,
      list: ['1', { x: '-2' }],
      n: 3,
    });
    expect(() => JSON.stringify(plain(payload))).not.toThrow();
  });

  it('keeps a key named __proto__ as a field, not as the prototype', () => {
    const payload = JSON.parse('{"__proto__": {"polluted": 1}}') as object;
    const out = plain(payload) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":1}}');
  });
});
