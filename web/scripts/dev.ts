/**
 * `npm run dev -w @skald/web`: the page handler alone on WEB_PORT (default 3001), for working on screens without
 * the gateway (API calls then fail and screens show their empty states). WEB_MODE=production serves dist/.
 */
import { createServer } from 'node:http';
import { createWebHandler } from '../server.ts';

const port = Number(process.env.WEB_PORT ?? 3001);
const mode = process.env.WEB_MODE === 'production' ? 'production' : 'development';
const web = await createWebHandler({ mode });
const server = createServer((req, res) => {
  web.handle(req, res, { session: null }).catch((error) => {
    console.error(error);
    res.statusCode = 500;
    res.end();
  });
});
server.listen(port, '127.0.0.1', () => console.log(`[web] ${mode} on http://127.0.0.1:${port}`));
const stop = () => server.close(() => void web.close().then(() => process.exit(0)));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
