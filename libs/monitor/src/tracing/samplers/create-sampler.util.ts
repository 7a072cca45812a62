import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import type { SamplerType } from '@herald/contracts';
import { HeraldValueError } from '../../errors/index.js';
import { RateLimitingSampler } from './rate-limiting.sampler.js';

/** The sampler-related fields of `TracingConfig`. */
export interface SamplerSettings {
  samplerType: SamplerType | string;
  /** Ratio for `probability` (0..1). @default 1 */
  sampleRate?: number;
  /** For `rate_limiting`. @default 100 */
  maxTracesPerSecond?: number;
}

function root(type: string, settings: SamplerSettings): Sampler {
  switch (type) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'probability': {
      const rate = settings.sampleRate ?? 1;
      if (!(rate >= 0 && rate <= 1)) {
        throw new HeraldValueError(`sampleRate must be between 0 and 1 (got ${rate}).`);
      }
      return new TraceIdRatioBasedSampler(rate);
    }
    case 'rate_limiting':
      return new RateLimitingSampler(settings.maxTracesPerSecond ?? 100);
    default:
      throw new HeraldValueError(
        `Unknown sampler type "${settings.samplerType}": use always_on, always_off, probability, rate_limiting or their parent_based_ variants.`,
      );
  }
}

/**
 * The OpenTelemetry sampler named by `tracing.sampler_type`. `parent_based_X`
 * follows the parent's sampling decision and uses X for root spans.
 *
 * @example createSampler({ samplerType: 'parent_based_probability', sampleRate: 0.1 })
 */
export function createSampler(settings: SamplerSettings): Sampler {
  const type = String(settings.samplerType);
  if (type.startsWith('parent_based_')) {
    return new ParentBasedSampler({ root: root(type.slice('parent_based_'.length), settings) });
  }
  return root(type, settings);
}
