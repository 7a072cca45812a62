import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { AppModule } from '../../apps/demo/src/app.module.js';
import { DemoEffectiveConfig } from '../../apps/demo/src/config/demo-effective.config.js';
import { configureDemoHttp } from '../../apps/demo/src/http/configure-demo-http.js';

/**
 * Boots the demo's AppModule in-process on a random loopback port, its request
 * parsing set up as `main.ts` does (`configureDemoHttp`). `customize`
 * can override providers before compiling; `imports` are modules booted beside
 * AppModule (e.g. a test's own admin contributor). Close it with `app.close()`.
 * Unless `DEMO_DATABASE_URL` is set, the demo gets a private in-memory SQLite
 * database, so test files never share state.
 */
export async function startDemoApp(
  customize: (builder: TestingModuleBuilder) => TestingModuleBuilder = (b) => b,
  imports: Array<Type | DynamicModule> = [],
): Promise<{ app: INestApplication; url: string }> {
  process.env.DEMO_DATABASE_URL ??= 'sqlite::memory:';
  const moduleRef = await customize(
    Test.createTestingModule({ imports: [AppModule, ...imports] }),
  ).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureDemoHttp(app, app.get(DemoEffectiveConfig).http);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url };
}
