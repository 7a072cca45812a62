import { Test } from '@nestjs/testing';
import { HealthCheckService, MemoryHealthIndicator, TerminusModule } from '@nestjs/terminus';
import { HealthStatus } from '@herald/contracts';
import { HealthCheckRunner } from '../health-check-runner.js';
import { fromTerminusIndicator, heraldIndicator } from './terminus-interop.js';

describe('terminus interop', () => {
  let runner: HealthCheckRunner;
  beforeEach(() => {
    runner = new HealthCheckRunner();
    runner.add('herald_ok', () => ({ version: 3 }));
    runner.add('herald_down', () => {
      throw new Error('queue unreachable');
    });
  });
  afterEach(() => runner.close());

  it('a Herald check works as a terminus health indicator', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [TerminusModule.forRoot({ logger: false })],
    }).compile();
    const health = moduleRef.get(HealthCheckService);
    try {
      await health.check([
        heraldIndicator(runner, 'herald_ok'),
        heraldIndicator(runner, 'herald_down'),
      ]);
      throw new Error('expected terminus to report the service unavailable');
    } catch (error) {
      const body = (error as { getResponse(): any }).getResponse();
      expect(body.status).toBe('error');
      expect(body.info.herald_ok).toEqual({ status: 'up', version: 3 });
      expect(body.error.herald_down).toEqual({ status: 'down', message: 'queue unreachable' });
    }
    await moduleRef.close();
  });

  it('a terminus indicator can be added to a HealthCheckRunner', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [TerminusModule] }).compile();
    const memory = moduleRef.get(MemoryHealthIndicator);
    runner.add(
      'heap_ok',
      fromTerminusIndicator(() => memory.checkHeap('heap', 1e13)),
    );
    runner.add(
      'heap_low',
      fromTerminusIndicator(() => memory.checkHeap('heap', 1)),
    );
    const results = await runner.runAll();
    expect(results.heap_ok.status).toBe(HealthStatus.HEALTHY);
    expect(results.heap_low.status).toBe(HealthStatus.UNHEALTHY);
    expect(results.heap_low.message).toMatch(/heap is down/);
    await moduleRef.close();
  });
});
