import { useEffect, useRef, useState } from 'react';
import { type HeaderScrollState, headerOpacity, nextHeaderScroll } from './header-scroll.ts';

/** Scroll-driven header state; `pointerOver` is read through a ref so hovering never re-subscribes. */
export function useHeaderScroll(pointerOver: React.RefObject<boolean>) {
  const [opacity, setOpacity] = useState(0);
  const [hidden, setHidden] = useState(false);
  const state = useRef<HeaderScrollState>({ hidden: false, anchorY: 0 });

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      state.current = nextHeaderScroll(state.current, y, pointerOver.current);
      setOpacity(headerOpacity(y));
      setHidden(state.current.hidden);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [pointerOver]);

  return { opacity, hidden, reveal: () => setHidden(false) };
}
