declare module 'pg-query-emscripten' {
  /** libpg_query compiled to WebAssembly: `await new Module()` gives `{ parse(sql) }`. */
  const Module: new () => Promise<{ parse(sql: string): unknown }>;
  export default Module;
}
