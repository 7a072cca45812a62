import {
  ROOT_CONTEXT,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
  type SpanContext,
} from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { runServerRelay, type RelayedCall } from './__fixtures__/server-relay.js';
import { TraceContextPropagator } from './trace-context.propagator.js';
import { Tracer } from './tracer.js';
import { W3CTraceState } from './w3c-trace-state.js';

/**
 * W3C Trace Context (levels 1 and 2) as a Herald service applies it: a request
 * comes in with `traceparent` / `tracestate` headers, the tracing middleware
 * starts the SERVER span, the handler makes outgoing calls in CLIENT spans and
 * `injectContext` writes their headers. Each row gives incoming headers and
 * what must go out. (Own cases for every rule the official
 * w3c/trace-context suite checks, see scripts/w3c-trace-context.js.)
 */

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = 'b7ad6b7169203331';
const tp = (version: string, traceId: string, parentId: string, flags: string, rest = '') =>
  `${version}-${traceId}-${parentId}-${flags}${rest}`;
const VALID = tp('00', TRACE, PARENT, '00');

const tracer = new Tracer('w3c-table', undefined, { maxSpans: 1 });
afterAll(() => tracer.shutdown());

/** One incoming request → `calls` outgoing calls, each with its parsed `traceparent` and its `tracestate`. */
function relay(headers: Record<string, string | string[]>, calls = 1): RelayedCall[] {
  return runServerRelay(tracer, headers, calls);
}

describe('traceparent: the trace is continued', () => {
  const continued: Array<[string, Record<string, string | string[]>, string]> = [
    ['version 00, sampled', { traceparent: tp('00', TRACE, PARENT, '01') }, '01'],
    ['version 00, not sampled', { traceparent: tp('00', TRACE, PARENT, '00') }, '00'],
    ['level 2: random flag alone', { traceparent: tp('00', TRACE, PARENT, '02') }, '02'],
    ['level 2: sampled and random', { traceparent: tp('00', TRACE, PARENT, '03') }, '03'],
    ['unknown flag bits are written as zero', { traceparent: tp('00', TRACE, PARENT, 'ff') }, '03'],
    ['an unknown flag alone', { traceparent: tp('00', TRACE, PARENT, '04') }, '00'],
    ['future version cc', { traceparent: tp('cc', TRACE, PARENT, '01') }, '01'],
    [
      'future version with more fields',
      { traceparent: tp('cc', TRACE, PARENT, '01', '-more-fields-later') },
      '01',
    ],
    [
      'future version fe, flags then a dash',
      { traceparent: tp('fe', TRACE, PARENT, '01', '-') },
      '01',
    ],
    [
      'future version 01, unknown flags zeroed',
      { traceparent: tp('01', TRACE, PARENT, 'fa') },
      '02',
    ],
    ['leading space', { traceparent: ` ${tp('00', TRACE, PARENT, '01')}` }, '01'],
    ['leading tab', { traceparent: `\t${tp('00', TRACE, PARENT, '01')}` }, '01'],
    ['trailing space', { traceparent: `${tp('00', TRACE, PARENT, '01')} ` }, '01'],
    ['trailing tab', { traceparent: `${tp('00', TRACE, PARENT, '01')}\t` }, '01'],
    [
      'spaces and tabs both sides',
      { traceparent: `\t  ${tp('00', TRACE, PARENT, '01')} \t` },
      '01',
    ],
    ['header name TraceParent', { TraceParent: tp('00', TRACE, PARENT, '01') }, '01'],
    ['header name TRACEPARENT', { TRACEPARENT: tp('00', TRACE, PARENT, '01') }, '01'],
    ['header name tRaCePaReNt', { tRaCePaReNt: tp('00', TRACE, PARENT, '01') }, '01'],
    ['one value given as a list', { traceparent: [tp('00', TRACE, PARENT, '01')] }, '01'],
  ];

  it.each(continued)('%s', (_label, headers, flags) => {
    const [call] = relay(headers);
    expect(call.traceId).toBe(TRACE);
    expect(call.parentId).not.toBe(PARENT);
    expect(call.version).toBe('00');
    expect(call.flags).toBe(flags);
  });

  it('every outgoing call gets its own parent-id in the same trace', () => {
    const calls = relay({ traceparent: tp('00', TRACE, PARENT, '01') }, 3);
    expect(new Set(calls.map((c) => c.traceId))).toEqual(new Set([TRACE]));
    expect(new Set(calls.map((c) => c.parentId)).size).toBe(3);
    expect(calls.map((c) => c.parentId)).not.toContain(PARENT);
  });
});

describe('traceparent: the trace restarts (new trace-id, tracestate dropped)', () => {
  const T = TRACE;
  const P = PARENT;
  const restarted: Array<[string, Record<string, string | string[]>]> = [
    ['no traceparent', {}],
    ['header named trace-parent', { 'trace-parent': tp('00', T, P, '01') }],
    ['header named trace.parent', { 'trace.parent': tp('00', T, P, '01') }],
    ['two traceparent headers', { traceparent: [tp('00', T, P, '01'), tp('00', T, P, '01')] }],
    [
      'two traceparent headers joined by Node',
      { traceparent: `${tp('00', T, P, '01')}, ${tp('00', T, P, '01')}` },
    ],
    ['version 00 with more fields', { traceparent: tp('00', T, P, '01', '-extra') }],
    ['version 00 with a trailing dash', { traceparent: tp('00', T, P, '01', '-') }],
    ['version 00 with a trailing character', { traceparent: tp('00', T, P, '01', '.') }],
    ['future version, junk glued to the flags', { traceparent: tp('cc', T, P, '01', '.junk') }],
    ['version ff', { traceparent: tp('ff', T, P, '01') }],
    ['version with a dot first', { traceparent: tp('.0', T, P, '01') }],
    ['version with a dot last', { traceparent: tp('0.', T, P, '01') }],
    ['version uppercase', { traceparent: tp('0A', T, P, '01') }],
    ['version of 3 digits', { traceparent: tp('000', T, P, '01') }],
    ['version of 4 digits', { traceparent: tp('0000', T, P, '01') }],
    ['version of 1 digit', { traceparent: tp('0', T, P, '01') }],
    ['trace-id all zeros', { traceparent: tp('00', '0'.repeat(32), P, '01') }],
    ['trace-id with a dot first', { traceparent: tp('00', `.${T.slice(1)}`, P, '01') }],
    ['trace-id with a dot last', { traceparent: tp('00', `${T.slice(1)}.`, P, '01') }],
    ['trace-id uppercase', { traceparent: tp('00', T.toUpperCase(), P, '01') }],
    ['trace-id of 33 digits', { traceparent: tp('00', `${T}a`, P, '01') }],
    ['trace-id of 31 digits', { traceparent: tp('00', T.slice(1), P, '01') }],
    ['parent-id all zeros', { traceparent: tp('00', T, '0'.repeat(16), '01') }],
    ['parent-id with a dot first', { traceparent: tp('00', T, `.${P.slice(1)}`, '01') }],
    ['parent-id with a dot last', { traceparent: tp('00', T, `${P.slice(1)}.`, '01') }],
    ['parent-id uppercase', { traceparent: tp('00', T, P.toUpperCase(), '01') }],
    ['parent-id of 17 digits', { traceparent: tp('00', T, `${P}1`, '01') }],
    ['parent-id of 15 digits', { traceparent: tp('00', T, P.slice(1), '01') }],
    ['flags with a dot first', { traceparent: tp('00', T, P, '.1') }],
    ['flags with a dot last', { traceparent: tp('00', T, P, '1.') }],
    ['flags uppercase', { traceparent: tp('00', T, P, '0F') }],
    ['flags of 3 digits', { traceparent: tp('00', T, P, '001') }],
    ['flags of 1 digit', { traceparent: tp('00', T, P, '1') }],
    ['future version shorter than 55 characters', { traceparent: tp('cc', T, P, '1') }],
    ['underscores for dashes', { traceparent: `00_${T}_${P}_01` }],
    ['empty value', { traceparent: '' }],
    ['only spaces', { traceparent: '   ' }],
    ['newlines around (not OWS)', { traceparent: `\n${tp('00', T, P, '01')}\n` }],
    ['a space inside', { traceparent: `00-${T} -${P}-01` }],
  ];

  it.each(restarted)('%s', (_label, headers) => {
    const [call] = relay({ ...headers, tracestate: 'congo=t61rcWkgMzE' });
    expect(call.traceId).not.toBe(TRACE);
    expect(call.traceId).not.toBe('0'.repeat(32));
    expect(call.parentId).not.toBe(PARENT);
    expect(call.tracestate).toBeUndefined();
    // level 2: Herald's trace-ids are random, so a new trace carries the random flag (and is sampled here)
    expect(call.flags).toBe('03');
  });

  it('every outgoing call of a restarted trace gets its own parent-id', () => {
    const calls = relay({ traceparent: tp('00', '0'.repeat(32), PARENT, '01') }, 3);
    expect(new Set(calls.map((c) => c.parentId)).size).toBe(3);
    expect(calls.every((c) => c.traceId !== '0'.repeat(32))).toBe(true);
  });
});

describe('tracestate, with a valid traceparent', () => {
  const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_-*/';
  const VALUE_CHARS = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) =>
    String.fromCharCode(0x20 + i),
  )
    .filter((c) => c !== ',' && c !== '=')
    .join('');
  const members = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `k${from + i}=v${from + i}`).join(',');

  /** [label, incoming tracestate header(s), expected outgoing tracestate (undefined: none sent)]. */
  const table: Array<[string, string | string[] | Record<string, string>, string | undefined]> = [
    // propagation and combination
    [
      'two members kept in order',
      'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
      'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
    ],
    ['header name TraceState', { TraceState: 'a=1' }, 'a=1'],
    ['header name TRACESTATE', { TRACESTATE: 'a=1' }, 'a=1'],
    ['header name trace-state is not tracestate', { 'trace-state': 'a=1' }, undefined],
    ['header name trace.state is not tracestate', { 'trace.state': 'a=1' }, undefined],
    ['several headers combined in order', ['a=1,b=2', 'c=3,d=4', 'e=5'], 'a=1,b=2,c=3,d=4,e=5'],
    ['several headers joined by Node', 'a=1,b=2, c=3,d=4, e=5', 'a=1,b=2,c=3,d=4,e=5'],
    // empty headers and members
    ['an empty header', '', undefined],
    ['an empty header after one', ['a=1', ''], 'a=1'],
    ['an empty header before one', ['', 'a=1'], 'a=1'],
    ['an empty header joined by Node', 'a=1, ', 'a=1'],
    ['an empty member', 'a=1,,b=2', 'a=1,b=2'],
    ['a whitespace-only member', 'a=1, \t ,b=2', 'a=1,b=2'],
    // optional whitespace
    ['spaces and tabs around commas', 'a=1 \t , \t b=2,\t c=3', 'a=1,b=2,c=3'],
    ['a leading space', ' a=1', 'a=1'],
    ['a leading tab', '\ta=1', 'a=1'],
    ['a trailing space', 'a=1 ', 'a=1'],
    ['a trailing tab', 'a=1\t', 'a=1'],
    ['spaces and tabs both sides', '\t a=1 \t', 'a=1'],
    ['leading spaces of a value are kept', 'a=  1', 'a=  1'],
    // duplicated keys: the first value is kept
    ['a key twice, same value', 'a=1,a=1', 'a=1'],
    ['a key twice, two values', 'a=1,a=2', 'a=1'],
    ['a key in two headers', ['a=1', 'a=2'], 'a=1'],
    // key grammar
    [
      'every allowed key and value character',
      `${KEY_CHARS}=${VALUE_CHARS}`,
      `${KEY_CHARS}=${VALUE_CHARS}`,
    ],
    ['a multi-tenant key', 'tenant@vendor=1,b=2', 'tenant@vendor=1,b=2'],
    [
      'a multi-tenant key, every character',
      `${KEY_CHARS}@a-z0-9_-*/=1`,
      `${KEY_CHARS}@a-z0-9_-*/=1`,
    ],
    ['a key starting with a digit', '9lives=1', '9lives=1'],
    ['a key ending with @', 'foo@=1,b=2', 'foo@=1,b=2'],
    ['a key with @@', 'foo@@bar=1,b=2', 'foo@@bar=1,b=2'],
    ['a key with two @', 'foo@bar@baz=1,b=2', 'foo@bar@baz=1,b=2'],
    ['a vendor part of 15 characters', `t@${'v'.repeat(15)}=1`, `t@${'v'.repeat(15)}=1`],
    ['a key of 256 characters', `a=1,${'k'.repeat(256)}=1`, `a=1,${'k'.repeat(256)}=1`],
    [
      'a multi-tenant key of 256 characters',
      `${'t'.repeat(241)}@${'v'.repeat(14)}=1`,
      `${'t'.repeat(241)}@${'v'.repeat(14)}=1`,
    ],
    ['a key of 257 characters: the whole list goes', `a=1,${'k'.repeat(257)}=1`, undefined],
    ['a key starting with @: the whole list goes', '@foo=1,b=2', undefined],
    ['a key with a space before =', 'a =1', undefined],
    ['an uppercase key', 'A=1', undefined],
    ['an uppercase key among valid ones', 'a=1,B=2,c=3', undefined],
    ['a key with a dot', 'a.b=1', undefined],
    ['a key starting with _', '_a=1', undefined],
    ['a member without =', 'a=1,b', undefined],
    ['a member without key', '=1', undefined],
    // value grammar
    ['a value with =', 'a=b=c', undefined],
    ['an empty value', 'a=,b=3', undefined],
    ['a value of spaces only', 'a=   ,b=3', undefined],
    ['a value with a tab inside', 'a=x\ty', undefined],
    ['a value with a non-ASCII character', 'a=caf\u00e9', undefined],
    ['a value of 256 characters', `a=${'v'.repeat(256)}`, `a=${'v'.repeat(256)}`],
    ['a value of 257 characters', `a=${'v'.repeat(257)}`, undefined],
    // member count
    ['32 members', members(1, 32), members(1, 32)],
    [
      '32 members over four headers',
      [members(1, 10), members(11, 20), members(21, 30), members(31, 32)],
      members(1, 32),
    ],
    ['32 members and empty ones', `${members(1, 16)},,${members(17, 32)}, `, members(1, 32)],
    ['33 members: the whole list goes', members(1, 33), undefined],
    [
      '33 members over four headers',
      [members(1, 10), members(11, 20), members(21, 30), members(31, 33)],
      undefined,
    ],
  ];

  it.each(table)('%s', (_label, incoming, expected) => {
    const headers: Record<string, string | string[]> =
      typeof incoming === 'string' || Array.isArray(incoming)
        ? { traceparent: VALID, tracestate: incoming }
        : { traceparent: VALID, ...incoming };
    const [call] = relay(headers);
    expect(call.traceId).toBe(TRACE);
    expect(call.tracestate).toBe(expected);
  });

  it('a tracestate without traceparent is discarded', () => {
    const [call] = relay({ tracestate: 'a=1,b=2' });
    expect(call.traceId).not.toBe(TRACE);
    expect(call.tracestate).toBeUndefined();
  });

  it('an invalid tracestate never affects the traceparent', () => {
    const [call] = relay({ traceparent: tp('00', TRACE, PARENT, '03'), tracestate: 'A=1' });
    expect(call).toMatchObject({ traceId: TRACE, flags: '03', tracestate: undefined });
  });

  it('propagates 512 characters; a longer list loses members over 128 characters first, then right-most ones', () => {
    const big = `big=${'b'.repeat(200)}`;
    const small = Array.from(
      { length: 20 },
      (_, i) => `m${String(i).padStart(2, '0')}=${'x'.repeat(16)}`,
    );
    const [call] = relay({ traceparent: VALID, tracestate: [big, ...small].join(',') });
    // 20 members of 20 characters + 19 commas = 419: the big one alone goes
    expect(call.tracestate).toBe(small.join(','));

    const many = Array.from(
      { length: 30 },
      (_, i) => `m${String(i).padStart(2, '0')}=${'x'.repeat(16)}`,
    );
    const [cut] = relay({ traceparent: VALID, tracestate: many.join(',') });
    // 30 × 20 + 29 = 629 > 512: whole members go from the right until 24 × 20 + 23 = 503 fit
    expect(cut.tracestate).toBe(many.slice(0, 24).join(','));
    expect(cut.tracestate!.length).toBeLessThanOrEqual(512);
  });

  it('a tracestate of exactly 512 characters goes on whole', () => {
    const list = [`a=${'x'.repeat(254)}`, `b=${'y'.repeat(253)}`].join(',');
    expect(list).toHaveLength(512);
    expect(relay({ traceparent: VALID, tracestate: list })[0].tracestate).toBe(list);
  });
});

describe('TraceContextPropagator with the OpenTelemetry API', () => {
  const propagator = new TraceContextPropagator();

  it('names its fields', () => {
    expect(propagator.fields()).toEqual(['traceparent', 'tracestate']);
  });

  it('extracts a remote span context with all flag bits and a W3CTraceState', () => {
    const ctx = propagator.extract(
      ROOT_CONTEXT,
      { traceparent: tp('00', TRACE, PARENT, '83'), tracestate: 'b=2,a=1' },
      defaultTextMapGetter,
    );
    const spanContext = trace.getSpanContext(ctx)!;
    expect(spanContext).toMatchObject({
      traceId: TRACE,
      spanId: PARENT,
      traceFlags: 0x83,
      isRemote: true,
    });
    expect(spanContext.traceState).toBeInstanceOf(W3CTraceState);
    expect(spanContext.traceState!.get('a')).toBe('1');
  });

  it('leaves the context as it was when traceparent is invalid', () => {
    const ctx = propagator.extract(ROOT_CONTEXT, { traceparent: 'nope' }, defaultTextMapGetter);
    expect(ctx).toBe(ROOT_CONTEXT);
  });

  const inject = (spanContext: SpanContext, ctx = ROOT_CONTEXT) => {
    const carrier: Record<string, string> = {};
    propagator.inject(trace.setSpanContext(ctx, spanContext), carrier, defaultTextMapSetter);
    return carrier;
  };

  it('writes version 00, the sampled and random flags only, and tracestate as serialized', () => {
    const traceState = W3CTraceState.parse('congo=t61rcWkgMzE')!.set('rojo', '00f067aa0ba902b7');
    expect(inject({ traceId: TRACE, spanId: PARENT, traceFlags: 0xff, traceState })).toEqual({
      traceparent: tp('00', TRACE, PARENT, '03'),
      tracestate: 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
    });
    expect(inject({ traceId: TRACE, spanId: PARENT, traceFlags: 0x00 })).toEqual({
      traceparent: tp('00', TRACE, PARENT, '00'),
    });
  });

  it('sends no empty tracestate, and nothing for an invalid or suppressed context', () => {
    const empty = W3CTraceState.empty();
    expect(inject({ traceId: TRACE, spanId: PARENT, traceFlags: 1, traceState: empty })).toEqual({
      traceparent: tp('00', TRACE, PARENT, '01'),
    });
    expect(inject({ traceId: '0'.repeat(32), spanId: PARENT, traceFlags: 1 })).toEqual({});
    expect(
      inject({ traceId: TRACE, spanId: PARENT, traceFlags: 1 }, suppressTracing(ROOT_CONTEXT)),
    ).toEqual({});
    const carrier = {};
    propagator.inject(ROOT_CONTEXT, carrier, defaultTextMapSetter);
    expect(carrier).toEqual({});
  });

  it('is the tracecontext propagator of a Herald Tracer', () => {
    const extracted = tracer.extractContext({
      traceparent: `  ${tp('00', TRACE, PARENT, '02')}`,
      tracestate: 'foo@=1',
    });
    expect(extracted?.traceFlags).toBe(2);
    expect(tracer.injectContext({}, extracted)).toEqual({
      traceparent: tp('00', TRACE, PARENT, '02'),
      tracestate: 'foo@=1',
    });
  });
});
