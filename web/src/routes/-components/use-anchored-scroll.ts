/**
 * A list of fixed-height rows scrolling inside its own box: the box's scroll position and height (for drawing
 * only the rows in view), and an anchor so a reader scrolled into the list keeps the row they were reading
 * where it was; rows that arrived above it are counted as unseen until the reader returns to the top.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export function useAnchoredScroll<Row extends { cursor: string }>(
  rows: Row[],
  rowPx: number,
  firstViewportPx: number,
) {
  const [scroll, setScroll] = useState({ top: 0, height: firstViewportPx });
  const [unseen, setUnseen] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ cursor: string; offset: number } | undefined>(undefined);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => setScroll({ top: box.scrollTop, height: box.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const box = scroller.current;
    const held = anchor.current;
    if (!box || !held) return;
    const index = rows.findIndex((e) => e.cursor === held.cursor);
    if (index < 0) return;
    const top = index * rowPx + held.offset;
    if (Math.abs(top - box.scrollTop) >= 1) {
      setUnseen((n) => n + Math.max(0, Math.round((top - box.scrollTop) / rowPx)));
      box.scrollTop = top;
    }
  }, [rows, rowPx]);

  const onScroll = (box: HTMLDivElement) => {
    setScroll({ top: box.scrollTop, height: box.clientHeight });
    if (box.scrollTop <= rowPx) {
      anchor.current = undefined;
      setUnseen(0);
      return;
    }
    const index = Math.floor(box.scrollTop / rowPx);
    const row = rows[index];
    anchor.current = row ? { cursor: row.cursor, offset: box.scrollTop - index * rowPx } : undefined;
  };

  const toTop = () => {
    anchor.current = undefined;
    scroller.current?.scrollTo({ top: 0 });
    setUnseen(0);
  };

  return { scroller, scroll, unseen, onScroll, toTop };
}
