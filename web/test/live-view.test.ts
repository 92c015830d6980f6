/**
 * The live view's pure parts: where a page's subscription starts (the cursor its data was read at, else its
 * newest confirmed row), and how rows are kept (each cursor once, newest first, capped; a confirmation that
 * arrives in the same batch as its provisional copy replaces it).
 */
import { describe, expect, it } from 'vitest';
import { addEvents, emptyFeed } from '../src/live/feed.ts';
import { startCursor } from '../src/live/live-view.ts';
import { cursor, ev } from './fixtures/events.ts';

describe('live view', () => {
  it('starts after the cursor the data was read at, else after its newest confirmed row', () => {
    expect(startCursor(cursor(9), [ev(3), ev(5)])).toBe(cursor(9));
    expect(startCursor(null, [ev(3), ev(7), ev(5)])).toBe(cursor(7));
    // a provisional row is not in the index yet: the stream must still bring its block
    expect(startCursor(undefined, [ev(3), ev(8, true)])).toBe(cursor(3));
    expect(startCursor(undefined, [])).toBeUndefined();
  });

  it('keeps each cursor once, newest first, up to the cap', () => {
    let feed = addEvents(emptyFeed, [ev(1), ev(2), ev(3)], 3);
    feed = addEvents(feed, [ev(3), ev(4), ev(2)], 3);
    expect(feed.events.map((e) => e.timestamp)).toEqual([4, 3, 2]);
    // an event older than everything kept does not come back in
    expect(addEvents(feed, [ev(1)], 3).events.map((e) => e.timestamp)).toEqual([4, 3, 2]);
  });

  it('merges a batch that reaches between the kept rows, and confirms shown rows in place', () => {
    let feed = addEvents(emptyFeed, [ev(2), ev(6, true), ev(4)], 5);
    feed = addEvents(feed, [ev(7), ev(3), ev(6), ev(5, true), ev(1), ev(5)], 5);
    expect(feed.events.map((e) => [e.timestamp, e.provisional ?? false])).toEqual([
      [7, false],
      [6, false],
      [5, false],
      [4, false],
      [3, false],
    ]);
    // nothing new, nothing confirmed: the same feed (no render)
    expect(addEvents(feed, [ev(6), ev(4, true)], 5)).toBe(feed);
  });

  it('takes a confirmation that arrives in the same batch as its provisional copy', () => {
    const feed = addEvents(emptyFeed, [ev(5, true), ev(5)]);
    expect(feed.events).toHaveLength(1);
    expect(feed.events[0]?.provisional).toBeUndefined();
  });
});
