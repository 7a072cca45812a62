import 'reflect-metadata';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { redisUrlProblem } from '../../redis/redis-url.util.js';

export type FieldKind =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'section'
  | 'list'
  | 'numbers'
  | 'strings'
  | 'record';

export interface FieldMeta {
  property: string;
  /** Default value (copied for each instance); sections default to a fresh instance, lists to []. */
  default?: unknown;
  kind: FieldKind;
  /** Class of a `section` or of the items of a `list`. */
  type?: () => new (init?: object) => object;
  secret?: boolean;
  /** A URL: shown only through `redactUrl` (no userinfo, no secret query values, lists by shape). */
  url?: boolean;
  optional?: boolean;
  doc?: string;
}

export interface FieldOptions {
  /** Default value; objects and arrays are copied for each instance. */
  default?: unknown;
  optional?: boolean;
  secret?: boolean;
  /** One line for `.env.example` and the generated docs. */
  doc?: string;
}

const FIELDS = Symbol.for('herald:config-fields');

/** The fields declared on a config class (inherited ones included), in declaration order. */
export function getConfigFields(target: object | (new (...args: any[]) => object)): FieldMeta[] {
  const proto = typeof target === 'function' ? target.prototype : Object.getPrototypeOf(target);
  return (Reflect.getMetadata(FIELDS, proto) as FieldMeta[] | undefined) ?? [];
}

function field(
  kind: FieldKind,
  options: FieldOptions,
  validators: PropertyDecorator[],
  type?: FieldMeta['type'],
) {
  return (target: object, property: string | symbol): void => {
    const own: FieldMeta[] = Reflect.hasOwnMetadata(FIELDS, target)
      ? Reflect.getOwnMetadata(FIELDS, target)
      : [...((Reflect.getMetadata(FIELDS, target) as FieldMeta[] | undefined) ?? [])];
    const meta: FieldMeta = { property: String(property), kind, type, ...options };
    const index = own.findIndex((f) => f.property === meta.property);
    if (index >= 0) own[index] = meta;
    else own.push(meta);
    Reflect.defineMetadata(FIELDS, own, target);
    if (options.optional) IsOptional()(target, property);
    for (const validate of validators) validate(target, property);
  };
}

const msg = (text: string) => ({ message: text });

/** Decorators that declare a config field: its kind (for env coercion and docs) and its validation. */
export const Field = {
  string: (
    opts: FieldOptions & { nonEmpty?: boolean; pattern?: RegExp; patternMessage?: string } = {},
  ) =>
    field('string', opts, [
      IsString(msg('must be a string')),
      ...(opts.nonEmpty ? [MinLength(1, msg('must not be empty'))] : []),
      ...(opts.pattern
        ? [Matches(opts.pattern, msg(opts.patternMessage ?? `must match ${opts.pattern}`))]
        : []),
    ]),
  number: (opts: FieldOptions & { min?: number; max?: number } = {}) =>
    field('number', opts, [
      IsNumber({ allowNaN: false, allowInfinity: false }, msg('must be a number')),
      ...rangeValidators(opts.min, opts.max),
    ]),
  integer: (opts: FieldOptions & { min?: number; max?: number } = {}) =>
    field('integer', opts, [
      IsInt(msg('must be an integer')),
      ...rangeValidators(opts.min, opts.max),
    ]),
  /** A URL with one of `protocols` (`['http:', 'https:']`) and a host; `example` goes into the message. */
  url: (opts: FieldOptions & { protocols: readonly string[]; example: string }) => {
    const { protocols, example, ...rest } = opts;
    const schemes = protocols.map((p) => `${p}//`);
    const list = `${schemes.slice(0, -1).join(', ')}${schemes.length > 1 ? ' or ' : ''}${schemes.at(-1)}`;
    return field('string', { ...rest, url: true } as FieldOptions, [
      IsString(msg('must be a string')),
      ValidateBy(
        { name: 'isUrl', validator: { validate: (value) => isUrlOf(value, protocols) } },
        msg(`must be ${/^[aeiou]|^h/.test(list) ? 'an' : 'a'} ${list} URL such as ${example}`),
      ),
    ]);
  },
  /** A Redis URL: one server, a Cluster or Sentinels (`parseRedisUrl`); the message says what is wrong. */
  redisUrl: (opts: FieldOptions = {}) =>
    field('string', { ...opts, url: true } as FieldOptions, [
      IsString(msg('must be a string')),
      ValidateBy({
        name: 'isRedisUrl',
        validator: {
          validate: (value) => typeof value !== 'string' || redisUrlProblem(value) === undefined,
          defaultMessage: (args) => redisUrlProblem(args?.value) ?? 'must be a Redis URL',
        },
      }),
    ]),
  boolean: (opts: FieldOptions = {}) =>
    field('boolean', opts, [IsBoolean(msg('must be true or false'))]),
  enum: <T extends string>(values: readonly T[], opts: FieldOptions = {}) =>
    field('string', opts, [
      IsIn(values as T[], msg(`must be one of ${values.map((v) => `"${v}"`).join(', ')}`)),
    ]),
  section: (type: () => new (init?: object) => object, opts: FieldOptions = {}) =>
    field('section', opts, [ValidateNested(), IsObject(msg('must be an object'))], type),
  list: (type: () => new (init?: object) => object, opts: FieldOptions = {}) =>
    field('list', opts, [IsArray(msg('must be a list')), ValidateNested({ each: true })], type),
  numbers: (opts: FieldOptions & { min?: number } = {}) =>
    field('numbers', opts, [
      IsArray(msg('must be a list of numbers')),
      IsNumber({ allowNaN: false }, { each: true, message: 'must be a list of numbers' }),
      ...(opts.min === undefined
        ? []
        : [Min(opts.min, { each: true, message: `every item must be at least ${opts.min}` })]),
    ]),
  strings: <T extends string>(opts: FieldOptions & { allowed?: readonly T[] } = {}) =>
    field('strings', opts, [
      IsArray(msg('must be a list of strings')),
      IsString({ each: true, message: 'must be a list of strings' }),
      ...(opts.allowed
        ? [
            IsIn(opts.allowed as T[], {
              each: true,
              message: `every item must be one of ${opts.allowed.map((v) => `"${v}"`).join(', ')}`,
            }),
          ]
        : []),
    ]),
  record: (opts: FieldOptions = {}) =>
    field('record', opts, [IsObject(msg('must be a mapping of names to values'))]),
};

function isUrlOf(value: unknown, protocols: readonly string[]): boolean {
  if (typeof value !== 'string') return true; // reported by IsString
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

function rangeValidators(min?: number, max?: number): PropertyDecorator[] {
  if (min !== undefined && max !== undefined) {
    const text = `must be between ${min} and ${max}`;
    return [Min(min, msg(text)), Max(max, msg(text))];
  }
  if (min !== undefined) return [Min(min, msg(`must be at least ${min}`))];
  if (max !== undefined) return [Max(max, msg(`must be at most ${max}`))];
  return [];
}
