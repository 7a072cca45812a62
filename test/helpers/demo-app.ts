import type { INestApplication } from '@nestjs/common';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { AppModule } from '../../apps/demo/src/app.module';

/**
 * Boots the demo's AppModule in-process on a random loopback port. `customize`
 * can override providers before compiling. Close it with `app.close()`.
 * Unless `DEMO_DATABASE_URL` is set, the demo gets a private in-memory SQLite
 * database, so test files never share state.
 */
export async function startDemoApp(
  customize: (builder: TestingModuleBuilder) => TestingModuleBuilder = (b) => b,
): Promise<{ app: INestApplication; url: string }> {
  process.env.DEMO_DATABASE_URL ??= 'sqlite::memory:';
  const moduleRef = await customize(Test.createTestingModule({ imports: [AppModule] })).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url };
}
