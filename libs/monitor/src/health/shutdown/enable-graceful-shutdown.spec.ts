import { HealthCheckCategory, HealthStatus } from '@herald/contracts';
import { HealthCheckRunner } from '../health-check-runner.js';
import { enableGracefulShutdown } from './enable-graceful-shutdown.js';

const signal = 'SIGUSR2' as NodeJS.Signals;

describe('enableGracefulShutdown', () => {
  it('fails readiness first, keeps serving for the drain delay, then closes', async () => {
    const runner = new HealthCheckRunner();
    runner.add('db', () => true, { category: HealthCheckCategory.READINESS });
    const events: string[] = [];
    let closed = false;
    const app = { close: async () => void (closed = true) };
    const dispose = enableGracefulShutdown(app, {
      runner,
      drainDelayMs: 80,
      signals: [signal],
      onEvent: (event) => events.push(event),
    });
    try {
      expect((await runner.runReadiness())[0]).toBe(HealthStatus.HEALTHY);
      process.emit(signal, signal);
      expect((await runner.runReadiness())[0]).toBe(HealthStatus.UNHEALTHY);
      expect(closed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(closed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(closed).toBe(true);
      expect(events).toEqual(['draining', 'closed']);
      expect(process.listenerCount(signal)).toBe(0);
    } finally {
      dispose();
      await runner.close();
    }
  });

  it('a second signal during the drain closes at once', async () => {
    const runner = new HealthCheckRunner();
    let closes = 0;
    const dispose = enableGracefulShutdown(
      { close: async () => void closes++ },
      { runner, drainDelayMs: 10_000, signals: [signal] },
    );
    process.emit(signal, signal);
    process.emit(signal, signal);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closes).toBe(1);
    dispose();
    await runner.close();
  });
});
