/**
 * Puts the boot data, the stylesheet (inlined) and the entry's loader into the streamed document right after
 * <head>. Only the first chunks are scanned.
 *
 * The entry never runs before the whole streamed document has been parsed: an async module that is already
 * cached would run before the parser reaches the router's inline bootstrap in the body (window.$_TSR), and
 * hydration then fails. It is inserted after DOMContentLoaded (and the first paint); see afterFirstPaint.
 */
import { BOOT_ELEMENT_ID, type Boot, serializeBoot } from '../src/boot.ts';

export type HeadAssets = {
  scripts: string[];
  styles: string[];
  inline?: string;
  /** the app's stylesheet, inlined: no render-blocking request before the first paint */
  inlineCss?: string;
  /** the entry's static imports, requested with the entry instead of after it has been parsed */
  preloads?: string[];
};

/**
 * The entry starts once the parsed document has been painted: the server's HTML is the page, so its first paint
 * never waits for (nor shares a slow network with) the scripts, which are most of the bytes. Then the entry and
 * all its imports are requested together (modulepreload: no waterfall of imports discovered one level at a time).
 * Inserted after DOMContentLoaded, the entry also runs after the router's inline bootstrap in the body, as
 * hydration requires. A tab in the background (no animation frames) starts it after a second.
 */
export function afterFirstPaint(src: string, preloads: string[] = []): string {
  const loader = `(function(){var done=0;function go(){if(done)return;done=1;var h=document.head;${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.src=${JSON.stringify(src)};h.appendChild(s)}function later(){requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',later);else later()})()`;
  return `<script>${loader.replace(/</g, '\\u003c')}</script>`;
}

export function headMarkup(boot: Boot, assets: HeadAssets): string {
  const css = assets.inlineCss ? `<style>${assets.inlineCss}</style>` : '';
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const scripts = assets.scripts.map((src) => afterFirstPaint(src, assets.preloads)).join('');
  return `<script id="${BOOT_ELEMENT_ID}" type="application/json">${serializeBoot(boot)}</script>${assets.inline ?? ''}${css}${styles}${scripts}`;
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
