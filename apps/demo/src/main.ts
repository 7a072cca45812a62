import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HeraldConfig } from '@herald/contracts';
import { redactText, secretRedactor } from '@herald/contracts/internal';
import { attachHealthProbes, enableGracefulShutdown, HealthCheckRunner } from '@herald/monitor';
import { AppModule } from './app.module.js';
import { DemoEffectiveConfig } from './config/demo-effective.config.js';
import { configureDemoHttp } from './http/configure-demo-http.js';

/** Starts the demo on `PORT` (default 3000) and prints its URL. */
export async function bootstrap(port = Number(process.env.PORT ?? 3000)): Promise<void> {
  const app = await NestFactory.create(AppModule, { bufferLogs: false });
  configureDemoHttp(app, app.get(DemoEffectiveConfig).http);
  // Health: probes answered on the http.Server ahead of Express; on SIGTERM/SIGINT
  // readiness fails first, the app keeps serving for health.drain_delay seconds, then closes.
  const runner = app.get(HealthCheckRunner);
  const health = app.get(HeraldConfig).monitor.health;
  if (health.enabled) {
    const { path, authToken, includeDetails } = health;
    attachHealthProbes(app.getHttpServer(), { checker: runner, path, authToken, includeDetails });
  }
  enableGracefulShutdown(app, {
    runner,
    drainDelayMs: health.drainDelay * 1000,
    onEvent: (event, signal) => new Logger('HeraldDemo').log(`${signal}: ${event}`),
  });
  await app.listen(port, process.env.HOST ?? '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  new Logger('HeraldDemo').log(`Herald demo is running at ${url}/`);
}

if (require.main === module) {
  bootstrap().catch((error) => {
    // a driver's error may quote a URL it was given: scrub the demo's own URLs from the message too
    const scrub = secretRedactor(process.env.DEMO_REDIS_URL, process.env.DEMO_DATABASE_URL);
    const message = error instanceof Error ? error.message : String(error);
    new Logger('HeraldDemo').error(redactText(scrub(message)));
    // A start that failed half way may leave connections open: exit now, not whenever they close.
    process.exit(1);
  });
}
