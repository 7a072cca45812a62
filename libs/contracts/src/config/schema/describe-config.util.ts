import { getConfigFields } from './config-field.decorator.js';
import { toSnakeCase } from './naming.util.js';

export interface ConfigVariable {
  /** `HERALD_MONITOR__TRACING__SAMPLE_RATE` */
  env: string;
  /** `monitor.tracing.sample_rate` */
  path: string;
  kind: string;
  default: unknown;
  doc?: string;
  secret: boolean;
  /** For lists of sections: the fields each item takes. */
  itemFields?: string[];
}

/**
 * Every environment variable a config class understands, walked from its
 * schema: what `.env.example` lists and what the docs table shows.
 */
export function describeConfigVariables(
  type: new (init?: object) => object,
  prefix = 'HERALD_',
  path = '',
): ConfigVariable[] {
  const instance = new type() as Record<string, unknown>;
  const out: ConfigVariable[] = [];
  for (const meta of getConfigFields(type)) {
    const name = toSnakeCase(meta.property);
    const here = path ? `${path}.${name}` : name;
    const env = `${prefix}${name.toUpperCase()}`;
    if (meta.kind === 'section' && meta.type && !meta.optional) {
      out.push(...describeConfigVariables(meta.type(), `${env}__`, here));
      continue;
    }
    out.push({
      env,
      path: here,
      kind: meta.kind,
      default: instance[meta.property],
      doc: meta.doc,
      secret: Boolean(meta.secret),
      itemFields: meta.kind === 'list' && meta.type ? listItemFields(meta.type()) : undefined,
    });
  }
  return out;
}

function listItemFields(type: new (init?: object) => object, prefix = ''): string[] {
  return getConfigFields(type).flatMap((meta) =>
    meta.kind === 'section' && meta.type
      ? listItemFields(meta.type(), `${prefix}${toSnakeCase(meta.property)}.`)
      : [`${prefix}${toSnakeCase(meta.property)}`],
  );
}

function formatDefault(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value))
    return value.every((v) => typeof v !== 'object') ? value.join(',') : JSON.stringify(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The text of an `.env.example` for a config class: every variable, commented
 * out, with its default and meaning. Secrets are listed without a value.
 */
export function renderEnvExample(
  type: new (init?: object) => object,
  heading: string[] = [],
): string {
  const lines = heading.map((h) => (h ? `# ${h}` : '#'));
  let section = '';
  for (const v of describeConfigVariables(type)) {
    const top = v.path.split('.').slice(0, -1).join('.');
    if (top !== section) {
      section = top;
      lines.push('', `# --- ${top} ---`);
    }
    const notes = [v.doc, v.secret ? 'secret' : undefined].filter(Boolean).join('; ');
    lines.push(`# ${v.path}: ${notes || v.kind}`);
    if (v.itemFields) {
      lines.push(`#   a JSON list, or one item field at a time: ${v.env}__0__NAME=...`);
      lines.push(`#   item fields: ${v.itemFields.join(', ')}`);
    }
    lines.push(`# ${v.env}=${v.secret ? '' : formatDefault(v.default)}`);
  }
  return `${lines.join('\n')}\n`;
}
