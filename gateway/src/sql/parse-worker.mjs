// Postgres's parser (libpg_query in WebAssembly) on a thread of its own, for gateway/src/sql/parser.ts: some inputs
// make it loop for good, and on the gateway's own thread that would stall every request. Plain JavaScript, so it
// runs the same under tsx, vitest and plain Node. Messages in: { id, sql }; out: { id, result } or { id, error }.
import { parentPort } from 'node:worker_threads';
import Module from 'pg-query-emscripten';

const parser = await new Module();
parentPort.on('message', ({ id, sql }) => {
  try {
    parentPort.postMessage({ id, result: parser.parse(sql) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
