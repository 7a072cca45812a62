import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { HeraldValueError } from '../../errors/index.js';
import { Tracer } from '../tracer.js';
import { createSampler } from './create-sampler.util.js';
import { RateLimitingSampler } from './rate-limiting.sampler.js';

const decide = (
  sampler: { shouldSample: (...a: any[]) => { decision: SamplingDecision } },
  ctx = ROOT_CONTEXT,
) => sampler.shouldSample(ctx, 'a'.repeat(32), 'n', SpanKind.INTERNAL, {}, []).decision;

describe('RateLimitingSampler', () => {
  it('lets maxTracesPerSecond through per second, refilling with time', () => {
    let now = 0;
    const sampler = new RateLimitingSampler(2, () => now);
    expect([decide(sampler), decide(sampler), decide(sampler)]).toEqual([
      SamplingDecision.RECORD_AND_SAMPLED,
      SamplingDecision.RECORD_AND_SAMPLED,
      SamplingDecision.NOT_RECORD,
    ]);
    now += 500;
    expect(decide(sampler)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler)).toBe(SamplingDecision.NOT_RECORD);
    now += 10_000;
    expect(
      [decide(sampler), decide(sampler), decide(sampler)].filter(
        (d) => d === SamplingDecision.RECORD_AND_SAMPLED,
      ),
    ).toHaveLength(2);
    expect(sampler.toString()).toBe('RateLimitingSampler{2}');
  });

  it('handles fractional rates and zero', () => {
    let now = 0;
    const slow = new RateLimitingSampler(0.5, () => now);
    expect(decide(slow)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    now += 1000;
    expect(decide(slow)).toBe(SamplingDecision.NOT_RECORD);
    now += 1000;
    expect(decide(slow)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(new RateLimitingSampler(0))).toBe(SamplingDecision.NOT_RECORD);
  });

  it('rejects negative or non-finite rates, naming the value', () => {
    expect(() => new RateLimitingSampler(-1)).toThrow(HeraldValueError);
    expect(() => new RateLimitingSampler(Number.NaN)).toThrow(/got NaN/);
  });

  it('works as a tracer sampler: spans past the budget are not recorded', async () => {
    const now = 0;
    const tracer = new Tracer('rl', undefined, { sampler: new RateLimitingSampler(1, () => now) });
    expect(tracer.startSpan('first').isRecording()).toBe(true);
    expect(tracer.startSpan('second').isRecording()).toBe(false);
    await tracer.shutdown();
  });
});

describe('createSampler', () => {
  it('maps every sampler type of TracingConfig', () => {
    expect(createSampler({ samplerType: 'always_on' })).toBeInstanceOf(AlwaysOnSampler);
    expect(createSampler({ samplerType: 'always_off' })).toBeInstanceOf(AlwaysOffSampler);
    const ratio = createSampler({ samplerType: 'probability', sampleRate: 0.25 });
    expect(ratio).toBeInstanceOf(TraceIdRatioBasedSampler);
    expect(ratio.toString()).toBe('TraceIdRatioBased{0.25}');
    const rl = createSampler({ samplerType: 'rate_limiting', maxTracesPerSecond: 5 });
    expect(rl).toBeInstanceOf(RateLimitingSampler);
    for (const root of ['always_on', 'always_off', 'probability', 'rate_limiting']) {
      const sampler = createSampler({
        samplerType: `parent_based_${root}`,
        sampleRate: 0.5,
        maxTracesPerSecond: 3,
      });
      expect(sampler).toBeInstanceOf(ParentBasedSampler);
    }
    expect(
      createSampler({
        samplerType: 'parent_based_rate_limiting',
        maxTracesPerSecond: 3,
      }).toString(),
    ).toContain('RateLimitingSampler{3}');
  });

  it('parent-based variants follow a sampled remote parent even when the root sampler says no', () => {
    const sampler = createSampler({ samplerType: 'parent_based_always_off' });
    const parent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: 'a'.repeat(32),
      spanId: 'b'.repeat(16),
      traceFlags: 1,
      isRemote: true,
    });
    expect(decide(sampler, parent)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler)).toBe(SamplingDecision.NOT_RECORD);
  });

  it('validates sampleRate and the type name', () => {
    expect(() => createSampler({ samplerType: 'probability', sampleRate: 1.5 })).toThrow(
      'sampleRate must be between 0 and 1 (got 1.5)',
    );
    expect(() => createSampler({ samplerType: 'sometimes' })).toThrow(
      'Unknown sampler type "sometimes"',
    );
  });
});
