import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HEALTH_CHECK_REGISTRY } from '@herald/contracts';
import {
  attachHealthProbes,
  HealthCheckerRegistry,
  HealthCheckRunner,
  MonitorModule,
} from '@herald/monitor';

@Module({ imports: [MonitorModule.configure({ config: { health: { cacheTtl: 0 } } })] })
class AppModule {}

async function start(): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create(AppModule, { logger: false });
  attachHealthProbes(app.getHttpServer(), { checker: app.get(HealthCheckRunner) });
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

describe('health: one runner per application, nothing shared between two apps (e2e)', () => {
  it('a check added to one app is neither run nor shown by the other, and closing one leaves the other working', async () => {
    const a = await start();
    const b = await start();
    try {
      const runnerA = a.app.get(HealthCheckRunner);
      const runnerB = b.app.get(HealthCheckRunner);
      expect(runnerA).not.toBe(runnerB);
      // the three ways in lead to the same runner inside one app
      expect(a.app.get(HEALTH_CHECK_REGISTRY)).toBe(runnerA);
      expect(a.app.get(HealthCheckerRegistry).getOrCreate()).toBe(runnerA);
      let runsInA = 0;
      runnerA.add('only.a', () => {
        runsInA++;
        return false;
      });
      runnerB.add('only.b', () => true);

      const resA = await fetch(`${a.url}/health`);
      expect(resA.status).toBe(503);
      expect(Object.keys(((await resA.json()) as { checks: object }).checks)).toEqual(['only.a']);
      const resB = await fetch(`${b.url}/health`);
      expect(resB.status).toBe(200);
      expect(Object.keys(((await resB.json()) as { checks: object }).checks)).toEqual(['only.b']);
      expect(runsInA).toBe(1);

      await a.app.close();
      expect(runnerA.checkNames).toEqual([]);
      expect((await fetch(`${b.url}/health`)).status).toBe(200);
      expect(runnerB.checkNames).toEqual(['only.b']);
    } finally {
      await Promise.allSettled([a.app.close(), b.app.close()]);
    }
  });
});
