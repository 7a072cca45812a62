import { getConfigFields } from '../schema/config-field.decorator';
import { isPlainObject } from '../schema/config-section';
import { toCamelCase } from '../schema/naming.util';

type SectionClass = new (init?: object) => object;

function isIndexObject(value: unknown): value is Record<string, unknown> {
  return (
    isPlainObject(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((k) => /^\d+$/.test(k))
  );
}

function parseJsonIfShaped(value: unknown, kind: string): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  const open = kind === 'list' ? '[' : '{';
  if (!t.startsWith(open)) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

/**
 * Renames the keys of one configuration layer to the schema's camelCase
 * property names (mapping contents such as label names are left alone) and
 * parses JSON given for lists, sections and mappings, so layers from YAML, env
 * and code can be merged key by key. Unknown keys are kept, to be reported.
 */
export function normalizeLayer(raw: unknown, type: SectionClass): unknown {
  if (!isPlainObject(raw)) return raw;
  const fields = getConfigFields(type);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const meta = fields.find((f) => f.property === key || f.property === toCamelCase(key));
    if (!meta) {
      out[key] = value;
      continue;
    }
    const parsed = parseJsonIfShaped(value, meta.kind);
    if (meta.kind === 'section' && meta.type) {
      out[meta.property] = normalizeLayer(parsed, meta.type());
    } else if (meta.kind === 'list' && meta.type) {
      const item = meta.type();
      if (Array.isArray(parsed)) out[meta.property] = parsed.map((v) => normalizeLayer(v, item));
      else if (isIndexObject(parsed)) {
        out[meta.property] = Object.fromEntries(
          Object.entries(parsed).map(([i, v]) => [i, normalizeLayer(v, item)]),
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
