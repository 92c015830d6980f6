/**
 * Build step: TanStack Router's lazy route component reloads the page by itself when a route chunk fails to load
 * (once per error message, whatever the deployed build), bypassing the app's reload rule. This Vite transform
 * hands that decision to the app's guard (src/lib/reload-guard.ts, the `__skaldChunkFailure` global): reload only
 * when a newer build is deployed, at most once per 10 s. The pattern is that of the pinned router version; the
 * build fails if it no longer matches, so an upgrade cannot silently drop the guard.
 */
import type { Plugin } from 'vite';

const FILE = /@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]lazyRouteComponent\.js$/;
const ROUTER_RELOAD =
  /if \(!sessionStorage\.getItem\(storageKey\)\) \{\s*sessionStorage\.setItem\(storageKey, "1"\);\s*window\.location\.reload\(\);\s*throw new Promise\(\(\) => \{\}\);\s*\}/;
const GUARDED = `if (typeof window.__skaldChunkFailure === "function" ? window.__skaldChunkFailure() : false) {
\t\t\t\t\tthrow new Promise(() => {});
\t\t\t\t}`;

export function routerReloadGuard(): Plugin {
  return {
    name: 'skald-router-reload-guard',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0] ?? id)) return undefined;
      if (!ROUTER_RELOAD.test(code))
        this.error('router-reload-guard: lazyRouteComponent.js no longer matches; update the pattern');
      return { code: code.replace(ROUTER_RELOAD, GUARDED), map: null };
    },
  };
}
