/**
 * The fan-out benchmark's baseline: a bare `ws` server (no socket.io, no hub, no Postgres) that broadcasts the
 * frames its parent hands it, each serialized once, to every connected client. The same clients, workers and
 * frames as the gateway run show what this machine can deliver at all.
 */
import { WebSocketServer } from 'ws';

export type ToBaseline = { type: 'frame'; frame: unknown } | { type: 'close' };
export type FromBaseline = { type: 'listening'; url: string };

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'listening', url: `ws://127.0.0.1:${port}` } satisfies FromBaseline);
});
process.on('disconnect', () => process.exit(0));
process.on('message', (message: ToBaseline) => {
  if (message.type === 'frame') {
    const data = JSON.stringify(message.frame);
    for (const client of wss.clients) client.send(data);
  } else {
    for (const client of wss.clients) client.terminate();
    wss.close(() => process.exit(0));
  }
});
