import { existsSync, readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { HeraldConfigError } from '../../errors/herald-config.error.js';
import { YAML_PROBLEMS, YAML_RESOLVE_PROBLEM } from './yaml-problems.constants.js';

/**
 * Reads a YAML file and returns its `notification` and `monitor` keys (other
 * top-level keys belong to the application and are ignored). A syntax error
 * names the file, line and column, and what is wrong in our words, never
 * quoting the document (it holds secrets).
 */
export function readYamlLayer(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new HeraldConfigError([
      { path: file, message: `cannot read the config file (${(error as Error).message})` },
    ]);
  }
  const lineCounter = new LineCounter();
  // logLevel 'error': the parser's warnings (e.g. a mapping used as a key) quote the document
  const doc = parseDocument(text, {
    prettyErrors: false,
    uniqueKeys: true,
    lineCounter,
    logLevel: 'error',
  });
  if (doc.errors.length > 0) {
    throw new HeraldConfigError(
      doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? (e.pos ? lineCounter.linePos(e.pos[0]) : undefined);
        const where = pos ? `${file}:${pos.line}:${pos.col}` : file;
        const what = YAML_PROBLEMS[e.code] ?? `parse error ${e.code}`;
        return { path: where, message: `malformed YAML: ${what}` };
      }),
      `Cannot parse the Herald config file ${file}`,
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch {
    // an alias resolving nowhere, or expanding too far; the parser's message names the alias
    throw new HeraldConfigError(
      [{ path: file, message: `malformed YAML: ${YAML_RESOLVE_PROBLEM}` }],
      `Cannot parse the Herald config file ${file}`,
    );
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new HeraldConfigError([
      { path: file, message: 'the top level must be a mapping (keys notification, monitor)' },
    ]);
  }
  const out: Record<string, unknown> = {};
  for (const key of ['notification', 'monitor']) {
    if (key in data) out[key] = (data as Record<string, unknown>)[key] ?? {};
  }
  return out;
}

/** `config/app.yaml` + `production` → `config/app.production.yaml`. */
export function profileFileOf(file: string, profile: string): string {
  const match = /^(.*?)(\.ya?ml)$/i.exec(file);
  return match ? `${match[1]}.${profile}${match[2]}` : `${file}.${profile}`;
}

export { existsSync };
