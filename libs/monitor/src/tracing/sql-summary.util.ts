const LEADING_COMMENTS = /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*(?:\n|$)\s*)*/;
const PART = '(?:"[^"]+"|`[^`]+`|\\[[^\\]]+\\]|[\\w$]+)';
const NAME = `(${PART}(?:\\.${PART})*)`;
const TARGET: Record<string, RegExp> = {
  SELECT: new RegExp(`\\bfrom\\s+${NAME}`, 'i'),
  DELETE: new RegExp(`\\bfrom\\s+${NAME}`, 'i'),
  INSERT: new RegExp(`\\binto\\s+${NAME}`, 'i'),
  UPDATE: new RegExp(`^update\\s+${NAME}`, 'i'),
};

/** What a span may say about a statement: its operation and main table, never values. */
export interface StatementSummary {
  /** `SELECT`, `INSERT`, ... (`QUERY` when unknown). */
  operation: string;
  /** The main table, when it can be read. */
  table?: string;
  /** `SELECT users`: the span name. */
  summary: string;
}

/**
 * Summarises a statement for tracing: operation plus main table. The text is
 * not kept, so literal values written into it never reach a span.
 */
export function summarizeStatement(statement: unknown): StatementSummary {
  const text = (typeof statement === 'string' ? statement : '').replace(LEADING_COMMENTS, '');
  const operation = /^[a-z]+/i.exec(text)?.[0]?.toUpperCase() ?? 'QUERY';
  const raw = TARGET[operation]?.exec(text)?.[1];
  const table = raw?.replace(/["`[\]]/g, '');
  return { operation, table, summary: table ? `${operation} ${table}` : operation };
}
