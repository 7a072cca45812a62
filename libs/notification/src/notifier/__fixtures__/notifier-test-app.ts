import type { DynamicModule, Provider } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';
import { METRICS_COLLECTOR } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { InboxModule } from '../../inbox/inbox.module.js';
import { MailerModule } from '../../mailer/mailer.module.js';
import { NotificationModule } from '../../notification.module.js';
import { NotifierModule } from '../notifier.module.js';
import type { NotifierModuleExtras, NotifierModuleOptions } from '../notifier-options.interface.js';

/**
 * A notifier on in-memory channels (`NotificationModule.stub()`,
 * `MailerModule.stub()`, a memory inbox), inline delivery, memory stores.
 */
export async function notifierTestApp(
  options: NotifierModuleOptions = {},
  extras: NotifierModuleExtras = {},
  more: { imports?: DynamicModule[]; providers?: Provider[]; metrics?: object } = {},
): Promise<TestingModule> {
  const builder = Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      NotificationModule.stub(),
      MailerModule.stub(),
      InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
      NotifierModule.forRoot(options, extras),
      ...(more.imports ?? []),
    ],
    providers: more.providers ?? [],
  });
  if (more.metrics) builder.overrideProvider(METRICS_COLLECTOR).useValue(more.metrics);
  const app = await builder.compile();
  await app.init();
  return app;
}
