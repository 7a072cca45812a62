import { existsSync, readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { HeraldConfigError } from '../../errors/herald-config.error.js';
import { YAML_PROBLEMS } from './yaml-problems.constants.js';

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
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
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
  const data: unknown = doc.toJS();
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
