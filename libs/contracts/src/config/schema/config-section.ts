import { inspect } from 'node:util';
import { validateSync, type ValidationError } from 'class-validator';
import { HeraldConfigError, type ConfigProblem } from '../../errors/herald-config.error.js';
import {
  REDACTED,
  describeUrl,
  isSecretKey,
  isUrlKey,
  redactDeep,
  redactUrl,
  redactUrlCredentials,
} from '../../utils/redact.util.js';
import { getConfigFields, type FieldMeta } from './config-field.decorator.js';
import { toCamelCase, toSnakeCase } from './naming.util.js';

const UNKNOWN_FIELDS = Symbol('herald:unknown-fields');
/** When the type is wrong, the range and pattern messages of the same field are noise. */
const TYPE_CONSTRAINTS = ['isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject'];
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * Base of every Herald config class. A section is built from a partial plain
 * object whose keys may be camelCase (code) or snake_case (files); missing
 * fields take their defaults, strings are coerced to the declared type (so
 * env values work), and `validate()` reports every problem at once.
 *
 * @example new MonitorConfig({ tracing: { sampleRate: 0.5 } }).validate()
 */
export abstract class ConfigSection {
  constructor(init?: object | null) {
    for (const meta of getConfigFields(this)) {
      (this as any)[meta.property] = defaultOf(meta);
    }
    if (init !== undefined && init !== null) hydrate(this, init);
  }

  /** Throws one `HeraldConfigError` listing every problem as `path: message (got value)`. */
  validate(path = ''): this {
    const problems = this.collectProblems(path);
    if (problems.length > 0) throw new HeraldConfigError(problems);
    return this;
  }

  /** Every problem of this section and below, paths in snake_case prefixed by `path`. */
  collectProblems(path = ''): ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    const errors = validateSync(this, {
      forbidUnknownValues: false,
      validationError: { target: true, value: true },
    });
    collectValidatorProblems(errors, path, problems);
    collectStructuralProblems(this, path, problems);
    return dedupe(problems);
  }

  /**
   * Rules across fields (two primaries, a missing driver sub-object...).
   * Paths are relative to this section, in snake_case.
   */
  protected crossCheck(): ConfigProblem[] {
    return [];
  }

  /** A plain camelCase copy with secrets replaced by `[REDACTED]`: what printing shows. */
  toJSON(): Record<string, unknown> {
    return toPlain(this) as Record<string, unknown>;
  }

  [inspect.custom](): Record<string, unknown> {
    return this.toJSON();
  }

  toString(): string {
    return JSON.stringify(this.toJSON());
  }
}

function defaultOf(meta: FieldMeta): unknown {
  if (meta.default !== undefined) {
    const value =
      typeof meta.default === 'function' ? (meta.default as () => unknown)() : meta.default;
    return value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }
  if (meta.optional) return undefined;
  switch (meta.kind) {
    case 'section':
      return new (meta.type!())();
    case 'list':
    case 'numbers':
    case 'strings':
      return [];
    case 'record':
      return {};
    default:
      return undefined;
  }
}

function hydrate(section: ConfigSection, init: object): void {
  const fields = getConfigFields(section);
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(init)) {
    if (value === undefined) continue;
    const meta = fields.find((f) => f.property === key || f.property === toCamelCase(key));
    if (!meta) {
      unknown.push(key);
      continue;
    }
    (section as any)[meta.property] = convert(meta, value);
  }
  if (unknown.length > 0) {
    Object.defineProperty(section, UNKNOWN_FIELDS, {
      value: unknown,
      enumerable: false,
      configurable: true,
    });
  }
}

function parseJson(value: string, open: string): unknown {
  const trimmed = value.trim();
  if (!trimmed.startsWith(open)) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

function splitList(value: string): string[] {
  return value.trim() === '' ? [] : value.split(',').map((v) => v.trim());
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function convert(meta: FieldMeta, value: unknown): unknown {
  if (value === null) return meta.optional ? undefined : value;
  const Type = meta.type?.();
  switch (meta.kind) {
    case 'number':
    case 'integer':
      return toNumber(value);
    case 'boolean':
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (TRUE.has(v)) return true;
        if (FALSE.has(v)) return false;
      }
      return value;
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'section': {
      const raw = typeof value === 'string' ? (parseJson(value, '{') ?? value) : value;
      if (Type && raw instanceof Type) return raw;
      return Type && isPlainObject(raw) ? new Type(raw) : raw;
    }
    case 'list': {
      const raw = typeof value === 'string' ? (parseJson(value, '[') ?? value) : value;
      if (!Array.isArray(raw) || !Type) return raw;
      return raw.map((item) =>
        item instanceof Type || !isPlainObject(item) ? item : new Type(item),
      );
    }
    case 'numbers':
    case 'strings': {
      const raw = typeof value === 'string' ? (parseJson(value, '[') ?? splitList(value)) : value;
      if (!Array.isArray(raw)) return raw;
      return meta.kind === 'numbers'
        ? raw.map(toNumber)
        : raw.map((v) => (typeof v === 'number' ? String(v) : v));
    }
    case 'record': {
      const raw = typeof value === 'string' ? (parseJson(value, '{') ?? value) : value;
      return isPlainObject(raw) ? { ...(raw as object) } : raw;
    }
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function join(path: string, segment: string | number): string {
  if (typeof segment === 'number' || /^\d+$/.test(segment)) return `${path}[${segment}]`;
  return path ? `${path}.${segment}` : segment;
}

function fieldOf(target: object | undefined, property: string): FieldMeta | undefined {
  return target ? getConfigFields(target).find((f) => f.property === property) : undefined;
}

/** Kinds whose values are whole structures: shown by shape only, since they may carry secrets. */
const STRUCTURED = new Set(['section', 'list', 'record']);

/**
 * Shows a rejected value, never a secret: a secret as `[REDACTED]`, a URL
 * through `redactUrl` (no userinfo, no secret query values, a list or object
 * by its shape), any other string or structure with URL credentials and
 * secret-looking fields removed.
 */
export function describeValue(value: unknown, secret: boolean, url = false): string {
  if (secret && value !== undefined && value !== null && value !== '') return REDACTED;
  if (url) return describeUrl(value);
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(redactUrlCredentials(value));
  if (typeof value === 'object') {
    const text = redactUrlCredentials(String(JSON.stringify(redactDeep(value))));
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  }
  return String(value);
}

/** What kind of value was given, without its content: `a string`, `a list of 2 items`. */
export function describeShape(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function collectValidatorProblems(
  errors: ValidationError[],
  path: string,
  out: ConfigProblem[],
): void {
  for (const error of errors) {
    const item = /^\d+$/.test(error.property);
    const here = join(path, item ? error.property : toSnakeCase(error.property));
    if (error.constraints) {
      const required = error.value === undefined || error.value === null;
      const typeCheck = TYPE_CONSTRAINTS.find((key) => error.constraints![key]);
      const messages = required
        ? ['is required']
        : typeCheck
          ? [error.constraints[typeCheck]]
          : error.constraints.nestedValidation
            ? ['must be an object']
            : [...new Set(Object.values(error.constraints))];
      const meta = item ? undefined : fieldOf(error.target, error.property);
      // a list item, a section or a mapping is described by its shape: it may hold secrets
      const shown =
        item || STRUCTURED.has(meta?.kind ?? '')
          ? describeShape(error.value)
          : describeValue(
              error.value,
              Boolean(meta?.secret) || isSecretKey(error.property),
              Boolean(meta?.url) || isUrlKey(error.property),
            );
      for (const message of messages) {
        out.push({ path: here, message: required ? message : `${message} (got ${shown})` });
      }
    }
    if (error.children?.length) collectValidatorProblems(error.children, here, out);
  }
}

/**
 * An unknown key as a problem path may show it: a plain name as it is; anything else (a
 * YAML complex key `? {...}` arrives as the text of a whole mapping, secrets included)
 * only by its length.
 */
function shownKey(key: string): string {
  return /^[\w.$-]{1,100}$/u.test(key) ? key : `<a key of ${key.length} characters>`;
}

function collectStructuralProblems(
  section: ConfigSection,
  path: string,
  out: ConfigProblem[],
): void {
  const fields = getConfigFields(section);
  const unknown = (section as any)[UNKNOWN_FIELDS] as string[] | undefined;
  for (const key of unknown ?? []) {
    const allowed = fields.map((f) => toSnakeCase(f.property)).join(', ');
    out.push({
      path: join(path, shownKey(key)),
      message: `unknown field (allowed here: ${allowed})`,
    });
  }
  for (const problem of (section as any).crossCheck() as ConfigProblem[]) {
    out.push({ path: problem.path ? join(path, problem.path) : path, message: problem.message });
  }
  for (const meta of fields) {
    const value = (section as any)[meta.property];
    const here = join(path, toSnakeCase(meta.property));
    if (meta.kind === 'section' && value instanceof ConfigSection)
      collectStructuralProblems(value, here, out);
    if (meta.kind === 'list' && Array.isArray(value)) {
      value.forEach(
        (item, i) =>
          item instanceof ConfigSection && collectStructuralProblems(item, join(here, i), out),
      );
    }
  }
}

function dedupe(problems: ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toPlain(value: unknown, secret = false): unknown {
  if (secret && value !== undefined && value !== null && value !== '') return REDACTED;
  if (value instanceof ConfigSection) {
    const out: Record<string, unknown> = {};
    for (const meta of getConfigFields(value)) {
      const v = (value as any)[meta.property];
      const hide = Boolean(meta.secret) || isSecretKey(meta.property);
      if (!hide && typeof v === 'string' && (meta.url || isUrlKey(meta.property))) {
        out[meta.property] = redactUrl(v);
      } else if (meta.kind === 'record' && meta.secret && v && typeof v === 'object') {
        out[meta.property] = Object.fromEntries(Object.keys(v).map((k) => [k, REDACTED]));
      } else {
        out[meta.property] = toPlain(v, hide && meta.kind !== 'record');
      }
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => toPlain(v));
  if (typeof value === 'string') return redactUrlCredentials(value);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        typeof v === 'string' && isUrlKey(k) ? redactUrl(v) : toPlain(v, isSecretKey(k)),
      ]),
    );
  }
  return value;
}
