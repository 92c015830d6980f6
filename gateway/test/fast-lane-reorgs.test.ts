/** The fast lane's record of what it announced, and what a reorg withdraws from it (no node). */
import { describe, expect, it } from 'vitest';
import { Announced } from '../src/live/fast-lane/reorgs.ts';

describe('Announced', () => {
  it('adds to a block already announced and withdraws the block another replaced at its height', () => {
    const announced = new Announced();
    expect(announced.add(5n, '0xa', ['5:0'])).toEqual([]);
    expect(announced.add(5n, '0xa', ['5:1'])).toEqual([]);
    expect(announced.add(5n, '0xb', ['5:0'])).toEqual(['5:0', '5:1']);
    expect(announced.blocks()).toEqual([[5n, '0xb']]);
  });

  it('withdraws what was announced at or above a height, except that very block', () => {
    const announced = new Announced();
    announced.add(4n, '0xa', ['4:0']);
    announced.add(5n, '0xb', ['5:0']);
    announced.add(6n, '0xc', ['6:0']);
    expect(announced.withdrawFrom(5n, '0xb')).toEqual(['6:0']);
    expect(announced.withdrawFrom(5n, '0xd')).toEqual(['5:0']);
    expect(announced.blocks()).toEqual([[4n, '0xa']]);
  });

  it('forgets blocks more than 128 below the newest announced', () => {
    const announced = new Announced();
    announced.add(1n, '0xa', ['1:0']);
    announced.add(2n, '0xb', ['2:0']);
    announced.add(130n, '0xc', ['130:0']);
    expect(announced.blocks().map(([n]) => n)).toEqual([2n, 130n]);
  });
});
