import type { TraceState } from '@opentelemetry/api';
import { trimOws } from './traceparent.util.js';

/** At most this many list members; a `tracestate` with more is invalid. */
export const TRACESTATE_MAX_MEMBERS = 32;
/** Herald propagates `tracestate` up to this many characters (the W3C minimum), cutting whole members beyond. */
export const TRACESTATE_MAX_LENGTH = 512;
/** Members longer than this go first when the list must be cut. */
const LARGE_MEMBER = 128;

/** `(lcalpha / DIGIT) 0*255(keychar)`, keychar = `a-z 0-9 _ - * / @`. */
const KEY = /^[a-z0-9][a-z0-9_\-*/@]{0,255}$/;
/** Up to 256 printable ASCII characters but `,` and `=`, not ending with a space. */
const VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

type Member = readonly [key: string, value: string];

function memberLength([key, value]: Member): number {
  return key.length + 1 + value.length;
}

function serializedLength(members: readonly Member[]): number {
  let length = Math.max(members.length - 1, 0);
  for (const member of members) length += memberLength(member);
  return length;
}

/**
 * Cuts whole members until the list fits `TRACESTATE_MAX_LENGTH`: members
 * longer than 128 characters first (right-most first), then from the right,
 * as the W3C specification orders it.
 */
function truncate(members: Member[]): Member[] {
  if (serializedLength(members) <= TRACESTATE_MAX_LENGTH) return members;
  for (let i = members.length - 1; i >= 0; i--) {
    if (memberLength(members[i]) > LARGE_MEMBER) {
      members.splice(i, 1);
      if (serializedLength(members) <= TRACESTATE_MAX_LENGTH) return members;
    }
  }
  while (serializedLength(members) > TRACESTATE_MAX_LENGTH) members.pop();
  return members;
}

/**
 * The W3C `tracestate` list (Trace Context levels 1 and 2), immutable, as an
 * OpenTelemetry `TraceState`: keys start with a lowercase letter or a digit and
 * may hold `_ - * / @` (so multi-tenant keys such as `tenant@vendor`), values
 * are printable ASCII without `,` and `=`. Like every OpenTelemetry
 * `TraceState`, `set()` and `unset()` never throw: an invalid key or value
 * leaves the list as it was.
 *
 * @example W3CTraceState.parse('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE')?.set('herald', '1').serialize()
 */
export class W3CTraceState implements TraceState {
  private serialized: string | undefined;

  private constructor(private readonly members: readonly Member[]) {}

  /** A list without members. */
  static empty(): W3CTraceState {
    return new W3CTraceState([]);
  }

  /**
   * Parses one `tracestate` value, or several (repeated headers, joined in
   * order). Empty members and spaces or tabs around members are allowed; a
   * repeated key keeps its first value. Returns `undefined` when the list is
   * invalid (a member that breaks the key or value grammar, more than 32
   * members): the whole header is then discarded, never part of it. A valid
   * list longer than 512 characters is cut by whole members.
   */
  static parse(header: string | readonly string[] | undefined): W3CTraceState | undefined {
    if (header === undefined) return undefined;
    const raw = typeof header === 'string' ? header : header.join(',');
    const members: Member[] = [];
    let count = 0;
    for (const part of raw.split(',')) {
      const member = trimOws(part);
      if (member === '') continue;
      if (++count > TRACESTATE_MAX_MEMBERS) return undefined;
      const eq = member.indexOf('=');
      if (eq <= 0) return undefined;
      const key = member.slice(0, eq);
      const value = member.slice(eq + 1);
      if (!KEY.test(key) || !VALUE.test(value)) return undefined;
      if (!members.some(([known]) => known === key)) members.push([key, value]);
    }
    return new W3CTraceState(truncate(members));
  }

  /** Number of members. */
  get size(): number {
    return this.members.length;
  }

  get(key: string): string | undefined {
    return this.members.find(([known]) => known === key)?.[1];
  }

  /**
   * A list with `key` set to `value` as its first (left-most) member, as the
   * specification wants for a member added or updated; the right-most member
   * goes when there would be more than 32.
   */
  set(key: string, value: string): W3CTraceState {
    if (!KEY.test(key) || !VALUE.test(value)) return this;
    const members: Member[] = [[key, value]];
    for (const member of this.members) {
      if (member[0] !== key && members.length < TRACESTATE_MAX_MEMBERS) members.push(member);
    }
    return new W3CTraceState(truncate(members));
  }

  /** A list without `key`. */
  unset(key: string): W3CTraceState {
    const members = this.members.filter(([known]) => known !== key);
    return members.length === this.members.length ? this : new W3CTraceState(members);
  }

  /** `key=value` members joined by `,`, in order. */
  serialize(): string {
    this.serialized ??= this.members.map(([key, value]) => `${key}=${value}`).join(',');
    return this.serialized;
  }
}
