/** Serves the direct-chain watcher (direct-watcher.ts, bundled for the browser by esbuild) on a loopback port. */
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Direct mint watcher</title></head>
<body><ul id="toasts"></ul><script src="/watcher.js"></script></body></html>`;

export async function serveDirectPage(): Promise<{ url: string; stop(): Promise<void> }> {
  const bundle = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'direct-watcher.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const server = createServer((req, res) => {
    const isJs = req.url?.startsWith('/watcher.js');
    res.writeHead(200, { 'content-type': isJs ? 'text/javascript' : 'text/html' });
    res.end(isJs ? js : HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
