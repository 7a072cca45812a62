import { findControlCharacter } from '@herald/notification/inbox';

/** Where `DEMO_DATABASE_URL` points, once read. */
export type DemoDatabaseTarget =
  | { kind: 'default' }
  | { kind: 'postgres'; url: string }
  | { kind: 'sqlite' | 'sqljs'; file: string };

/** The forms `DEMO_DATABASE_URL` takes, as its error message lists them. */
export const DEMO_DATABASE_URL_FORMS =
  'postgres://[user[:password]@]host[:port]/database (or postgresql://), sqlite:<file>, sqlite::memory:, sqljs:<file> or sqljs::memory:';

/**
 * What the refused value looks like without anything that could be a
 * secret: its scheme only (`"mysql:"`), or that it has none. A mistyped URL
 * (`postgres:pw@host`, `mysql://u:pw@host`) holds its password anywhere.
 */
function describe(value: string): string {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]{0,30}):/.exec(value)?.[1];
  return scheme ? `a value starting "${scheme}:"` : 'a value with no scheme';
}

/**
 * Reads `DEMO_DATABASE_URL`: unset or blank is the embedded SQLite file;
 * `postgres://` / `postgresql://` (a URL that parses; no host is the local socket), `sqlite:<file>`,
 * `sqljs:<file>` and their `::memory:` forms are used as given (surrounding
 * spaces trimmed). Anything else (`mysql://...`, `postgres:pw@host`,
 * `sqlite:` without a file, a bare path) throws, naming the variable and
 * the allowed forms and showing no more of the value than its scheme, so
 * the start stops instead of silently using SQLite.
 */
export function parseDemoDatabaseUrl(value: string | undefined): DemoDatabaseTarget {
  const url = value?.trim();
  if (!url) return { kind: 'default' };
  const refuse = (why: string): never => {
    throw new Error(
      `DEMO_DATABASE_URL ${why} (got ${describe(url)}); use ${DEMO_DATABASE_URL_FORMS}, or leave it unset for the embedded SQLite file`,
    );
  };
  if (/^postgres(ql)?:/i.test(url)) {
    if (!/^postgres(ql)?:\/\//i.test(url)) refuse('is missing the "//" after "postgres:"');
    try {
      new URL(url);
    } catch {
      refuse('is not a valid PostgreSQL URL');
    }
    return { kind: 'postgres', url };
  }
  const sqlite = /^(sqlite|sqljs):(.*)$/i.exec(url);
  if (sqlite) {
    const file = sqlite[2].trim();
    if (file === '') refuse(`names no file after "${sqlite[1]}:"`);
    if (findControlCharacter(file) !== -1) refuse('holds a control character in its file name');
    return { kind: sqlite[1].toLowerCase() as 'sqlite' | 'sqljs', file };
  }
  return refuse('is not a database URL the demo can use');
}
