import { SpanContext } from './span-context.js';

const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const S = '00f067aa0ba902b7';

describe('SpanContext.fromTraceparent (W3C Trace Context)', () => {
  const valid: Array<[string, string, { traceId: string; spanId: string; flags: number }]> = [
    ['sampled', `00-${T}-${S}-01`, { traceId: T, spanId: S, flags: 1 }],
    ['not sampled', `00-${T}-${S}-00`, { traceId: T, spanId: S, flags: 0 }],
    ['unknown flag bits kept', `00-${T}-${S}-ff`, { traceId: T, spanId: S, flags: 255 }],
    ['future version, no extra', `01-${T}-${S}-01`, { traceId: T, spanId: S, flags: 1 }],
    [
      'future version with extra fields',
      `cc-${T}-${S}-01-what-the-future-holds`,
      { traceId: T, spanId: S, flags: 1 },
    ],
    ['version fe', `fe-${T}-${S}-09`, { traceId: T, spanId: S, flags: 9 }],
    [
      'spaces and tabs around (HTTP OWS)',
      `\t 00-${T}-${S}-01 \t`,
      { traceId: T, spanId: S, flags: 1 },
    ],
  ];
  it.each(valid)('accepts %s', (_label, header, expected) => {
    const ctx = SpanContext.fromTraceparent(header);
    expect(ctx).toBeInstanceOf(SpanContext);
    expect(ctx).toMatchObject({
      traceId: expected.traceId,
      spanId: expected.spanId,
      traceFlags: expected.flags,
      isRemote: true,
    });
  });

  const invalid: Array<[string, unknown]> = [
    ['version ff', `ff-${T}-${S}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${S}-01`],
    ['all-zero parent id', `00-${T}-${'0'.repeat(16)}-01`],
    ['extra fields on version 00', `00-${T}-${S}-01-extra`],
    ['trailing dash on version 00', `00-${T}-${S}-01-`],
    ['uppercase trace id', `00-${T.toUpperCase()}-${S}-01`],
    ['uppercase version', `0A-${T}-${S}-01`],
    ['short trace id', `00-${T.slice(1)}-${S}-01`],
    ['long parent id', `00-${T}-${S}0-01`],
    ['non-hex flags', `00-${T}-${S}-0g`],
    ['one-digit flags', `00-${T}-${S}-1`],
    ['future version, junk glued to flags', `01-${T}-${S}-01x`],
    ['underscore separators', `00_${T}_${S}_01`],
    ['a newline around', `\n00-${T}-${S}-01\n`],
    ['whitespace inside', `00-${T}-${S} -01`],
    ['empty string', ''],
    ['not a string', 42],
    ['undefined', undefined],
  ];
  it.each(invalid)('rejects %s', (_label, header) => {
    expect(SpanContext.fromTraceparent(header)).toBeUndefined();
  });
});

describe('SpanContext', () => {
  it('round-trips through toTraceparent() as version 00 with two-digit flags', () => {
    const ctx = new SpanContext(T, S, 1);
    expect(ctx.toTraceparent()).toBe(`00-${T}-${S}-01`);
    expect(new SpanContext(T, S, 0).toTraceparent()).toBe(`00-${T}-${S}-00`);
    expect(SpanContext.fromTraceparent(ctx.toTraceparent())).toMatchObject({
      traceId: T,
      spanId: S,
      traceFlags: 1,
    });
    expect(String(ctx)).toBe(ctx.toTraceparent());
  });

  it('writes the sampled and random flags back and every other flag bit as zero', () => {
    expect(SpanContext.fromTraceparent(`00-${T}-${S}-ff`)!.toTraceparent()).toBe(`00-${T}-${S}-03`);
    expect(new SpanContext(T, S, 0x06).toTraceparent()).toBe(`00-${T}-${S}-02`);
  });

  it('a future version parses and is written back as version 00', () => {
    expect(SpanContext.fromTraceparent(`01-${T}-${S}-01-x`)!.toTraceparent()).toBe(
      `00-${T}-${S}-01`,
    );
  });

  it('reports validity and the sampled flag', () => {
    expect(new SpanContext(T, S, 1).isValid()).toBe(true);
    expect(new SpanContext(T, S, 1).isSampled()).toBe(true);
    expect(new SpanContext(T, S, 0).isSampled()).toBe(false);
    expect(new SpanContext('0'.repeat(32), S).isValid()).toBe(false);
  });

  it('fromOtel keeps an instance and copies a plain OpenTelemetry context', () => {
    const ctx = new SpanContext(T, S, 1);
    expect(SpanContext.fromOtel(ctx)).toBe(ctx);
    const copy = SpanContext.fromOtel({ traceId: T, spanId: S, traceFlags: 0, isRemote: true });
    expect(copy).toBeInstanceOf(SpanContext);
    expect(copy.toTraceparent()).toBe(`00-${T}-${S}-00`);
  });
});
