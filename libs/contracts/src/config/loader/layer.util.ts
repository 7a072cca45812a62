import { getConfigFields, type FieldKind } from '../schema/config-field.decorator.js';
import { isPlainObject } from '../schema/config-section.js';
import { toCamelCase, toSnakeCase } from '../schema/naming.util.js';

type SectionClass = new (init?: object) => object;

function isIndexObject(value: unknown): value is Record<string, unknown> {
  return (
    isPlainObject(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((k) => /^\d+$/.test(k))
  );
}

/** Told where a JSON-shaped string (a list, section or mapping given as text) did not parse. */
export type InvalidJsonHandler = (path: string, text: string) => void;

const NOT_PARSED = Symbol('not parsed');
/** The opening bracket of the JSON that fields of each structured kind accept as text. */
const JSON_OPEN: Partial<Record<FieldKind, string>> = {
  section: '{',
  record: '{',
  list: '[',
  numbers: '[',
  strings: '[',
};

function parseJsonIfShaped(value: unknown, kind: FieldKind): unknown {
  const open = JSON_OPEN[kind];
  if (typeof value !== 'string' || open === undefined) return value;
  const t = value.trim();
  if (!t.startsWith(open)) return value;
  try {
    return JSON.parse(t);
  } catch {
    return NOT_PARSED;
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Renames the keys of one configuration layer to the schema's camelCase
 * property names (mapping contents such as label names are left alone) and
 * parses JSON given for lists, sections and mappings, so layers from YAML, env
 * and code can be merged key by key. Unknown keys are kept, to be reported.
 * A JSON-shaped string that does not parse is left out of the layer and
 * reported to `onInvalidJson` with its path, never as a value to quote.
 */
export function normalizeLayer(
  raw: unknown,
  type: SectionClass,
  onInvalidJson: InvalidJsonHandler = () => undefined,
  path = '',
): unknown {
  if (!isPlainObject(raw)) return raw;
  const fields = getConfigFields(type);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const meta = fields.find((f) => f.property === key || f.property === toCamelCase(key));
    if (!meta) {
      out[key] = value;
      continue;
    }
    const here = join(path, toSnakeCase(meta.property));
    const parsed = parseJsonIfShaped(value, meta.kind);
    if (parsed === NOT_PARSED) {
      onInvalidJson(here, value as string);
      continue;
    }
    if (meta.kind === 'section' && meta.type) {
      out[meta.property] = normalizeLayer(parsed, meta.type(), onInvalidJson, here);
    } else if (meta.kind === 'list' && meta.type) {
      const item = meta.type();
      const at = (i: number | string, v: unknown) =>
        normalizeLayer(v, item, onInvalidJson, `${here}[${i}]`);
      if (Array.isArray(parsed)) out[meta.property] = parsed.map((v, i) => at(i, v));
      else if (isIndexObject(parsed)) {
        out[meta.property] = Object.fromEntries(
          Object.entries(parsed).map(([i, v]) => [i, at(i, v)]),
        );
      } else out[meta.property] = parsed;
    } else {
      out[meta.property] = parsed;
    }
  }
  return out;
}

/**
 * Deep merge of two normalized layers, `over` winning. An object whose keys
 * are all indices patches the list below it item by item
 * (`HERALD_..._BACKENDS__0__NAME`); any other value replaces.
 */
export function mergeLayers(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (isIndexObject(over) && (Array.isArray(base) || base === undefined)) {
    const list: unknown[] = Array.isArray(base) ? [...base] : [];
    for (const [index, value] of Object.entries(over))
      list[Number(index)] = mergeLayers(list[Number(index)], value);
    for (let i = 0; i < list.length; i++) if (list[i] === undefined) list[i] = {};
    return list;
  }
  // also when nothing is below (base undefined), so a nested list patch such as
  // HERALD_NOTIFICATION__MAILER__BACKENDS__0__DRIVER still becomes a list
  if (isPlainObject(over) && (isPlainObject(base) || base === undefined)) {
    const below: Record<string, unknown> = base ?? {};
    const out: Record<string, unknown> = { ...below };
    for (const [key, value] of Object.entries(over)) out[key] = mergeLayers(below[key], value);
    return out;
  }
  return over;
}
