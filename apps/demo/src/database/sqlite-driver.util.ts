/**
 * Whether better-sqlite3 can be used on this Node. better-sqlite3 12, the last
 * major TypeORM 0.3 accepts, aborts the process on Node 24.19 and later when V8
 * collects one of its statements outside a JS context (Node's `ObjectWrap`
 * change; WiseLibs/better-sqlite3#1515). There the demo's embedded SQLite is
 * sql.js instead: the same SQLite compiled to WebAssembly, no native code.
 */
export function betterSqlite3IsSafe(version = process.versions.node): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major < 24 || (major === 24 && minor < 19);
}
