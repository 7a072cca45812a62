/**
 * The "test service" the W3C Trace Context harness (github.com/w3c/trace-context,
 * `test/`) drives, written as a Herald user would write it: MonitorModule's
 * tracer, Herald's tracing middleware and interceptor on every route, and one
 * CLIENT span per outgoing call whose context `injectContext` puts in the
 * request headers.
 *
 * The harness POSTs a JSON array `[{ url, arguments }]` to `/test`; for each
 * element the service POSTs `arguments` to `url` and answers once all calls
 * returned. `startW3cTestService()` boots it in-process (e2e tests); run as a
 * script (`node -r ./test/helpers/swc-register.js test/helpers/w3c-trace-context-service.ts`)
 * it listens on a random loopback port, prints `{"url":"http://127.0.0.1:<port>/test"}`
 * on one line and stops on SIGTERM / SIGINT.
 */
import {
  Body,
  Controller,
  HttpCode,
  Inject,
  Module,
  Post,
  RequestMethod,
  type INestApplication,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { TRACER, type TracerProtocol } from '@herald/contracts';
import {
  MonitorModule,
  TracingInterceptor,
  createTracingMiddleware,
  runInSpan,
} from '@herald/monitor';
import { ObservabilityModule } from '@herald/observability';

/** One instruction of the harness: POST `arguments` to `url`. */
interface HarnessAction {
  url: string;
  arguments?: unknown;
}

@Controller()
class HarnessController {
  constructor(@Inject(TRACER) private readonly tracer: TracerProtocol) {}

  @Post('test')
  @HttpCode(200)
  async run(@Body() actions: HarnessAction[]): Promise<{ calls: number[] }> {
    const calls: number[] = [];
    for (const action of Array.isArray(actions) ? actions : []) {
      calls.push(await this.call(action));
    }
    return { calls };
  }

  /** One outgoing call in its own CLIENT span, its context in the request headers. */
  private call(action: HarnessAction): Promise<number> {
    return runInSpan(
      this.tracer,
      'POST',
      { kind: 'client', attributes: { 'http.request.method': 'POST', 'url.full': action.url } },
      async (span) => {
        const headers = this.tracer.injectContext(
          { 'content-type': 'application/json' },
          span.spanContext(),
        );
        const response = await fetch(action.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(action.arguments ?? []),
        });
        await response.arrayBuffer();
        span.setAttribute('http.response.status_code', response.status);
        return response.status;
      },
    );
  }
}

@Module({
  imports: [
    ObservabilityModule,
    MonitorModule.configure({ config: { tracing: { serviceName: 'w3c-test-service' } } }),
  ],
  controllers: [HarnessController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: TracingInterceptor }],
})
class W3cTestServiceModule implements NestModule {
  constructor(@Inject(TRACER) private readonly tracer: TracerProtocol) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(createTracingMiddleware({ tracer: this.tracer }))
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

/** Boots the test service on a random loopback port; `url` is its `/test` endpoint. */
export async function startW3cTestService(): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create(W3cTestServiceModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}/test` };
}

if (require.main === module) {
  void startW3cTestService().then(({ app, url }) => {
    process.stdout.write(`${JSON.stringify({ url })}\n`);
    const stop = () => void app.close();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
