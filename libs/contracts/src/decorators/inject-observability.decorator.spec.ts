import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { HEALTH_CHECK_REGISTRY, METRICS_COLLECTOR, TRACER } from '../tokens/herald.tokens.js';
import {
  InjectHealthRegistry,
  InjectMetrics,
  InjectTracer,
} from './inject-observability.decorator.js';

describe('@InjectMetrics() / @InjectTracer() / @InjectHealthRegistry()', () => {
  it('inject METRICS_COLLECTOR, TRACER and HEALTH_CHECK_REGISTRY into constructors and properties', async () => {
    @Injectable()
    class Instrumented {
      @InjectTracer() readonly propertyTracer!: unknown;

      constructor(
        @InjectMetrics() readonly metrics: unknown,
        @InjectTracer() readonly tracer: unknown,
        @InjectHealthRegistry() readonly health: unknown,
      ) {}
    }
    @Module({
      providers: [
        Instrumented,
        { provide: METRICS_COLLECTOR, useValue: 'metrics' },
        { provide: TRACER, useValue: 'tracer' },
        { provide: HEALTH_CHECK_REGISTRY, useValue: 'health' },
      ],
    })
    class M {}
    const app = await Test.createTestingModule({ imports: [M] }).compile();
    expect({ ...app.get(Instrumented) }).toEqual({
      propertyTracer: 'tracer',
      metrics: 'metrics',
      tracer: 'tracer',
      health: 'health',
    });
    await app.close();
  });

  it('fail the bootstrap naming the token when nothing binds it', async () => {
    @Injectable()
    class NeedsMetrics {
      constructor(@InjectMetrics() readonly metrics: unknown) {}
    }
    await expect(Test.createTestingModule({ providers: [NeedsMetrics] }).compile()).rejects.toThrow(
      /herald:METRICS_COLLECTOR/,
    );
  });
});
