import { useEffect } from 'react';

/** Marks the document once React has hydrated it, so automation (and CSS) can tell a live page from HTML. */
export function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
