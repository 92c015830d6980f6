/**
 * Puts the boot data, stylesheets and entry script into the streamed document right after <head>, so the page
 * starts loading its code while the body is still rendering. Only the first chunks are scanned.
 *
 * The entry is a plain (deferred) module script, never `async`: an async module that is already cached runs
 * before the parser reaches the router's inline bootstrap in the body (window.$_TSR), and hydration then fails.
 * Deferred, it is still fetched at once but runs only after the whole streamed document has been parsed.
 */
import { BOOT_ELEMENT_ID, type Boot, serializeBoot } from '../src/boot.ts';

export type HeadAssets = {
  scripts: string[];
  styles: string[];
  inline?: string;
  /** the app's stylesheet, inlined: no render-blocking request before the first paint */
  inlineCss?: string;
  /** the entry's static imports, fetched at once instead of after the entry has been parsed */
  preloads?: string[];
};

/**
 * Scripts and preloads are fetched at low priority: they never block the first paint (the page is rendered on
 * the server), and the browser keeps its bandwidth for the document, the styles and the pictures in view.
 */
export function headMarkup(boot: Boot, assets: HeadAssets): string {
  const css = assets.inlineCss ? `<style>${assets.inlineCss}</style>` : '';
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const scripts = assets.scripts
    .map((src) => `<script type="module" src="${src}" fetchpriority="low"></script>`)
    .join('');
  const preloads = (assets.preloads ?? [])
    .map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`)
    .join('');
  return `<script id="${BOOT_ELEMENT_ID}" type="application/json">${serializeBoot(boot)}</script>${assets.inline ?? ''}${css}${styles}${scripts}${preloads}`;
}

export function injectIntoHead(markup: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) return controller.enqueue(chunk);
      pending += decoder.decode(chunk, { stream: true });
      const at = pending.search(/<head[^>]*>/i);
      if (at === -1) return;
      const end = pending.indexOf('>', at) + 1;
      controller.enqueue(encoder.encode(pending.slice(0, end) + markup + pending.slice(end)));
      pending = '';
      done = true;
    },
    flush(controller) {
      if (!done && pending) controller.enqueue(encoder.encode(pending));
    },
  });
}
