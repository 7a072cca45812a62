import {
  Catch,
  Controller,
  Get,
  NotFoundException,
  ServiceUnavailableException,
  UseFilters,
  type ArgumentsHost,
  type ExceptionFilter,
  type INestApplication,
} from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ERROR_TRACKER, type ErrorTrackerProtocol } from '@herald/contracts';
import { ERROR_TRACKING_DELEGATE_FILTER, ErrorTrackingFilter } from './error-tracking.filter.js';
import { ErrorTrackingInterceptor } from './error-tracking.interceptor.js';

class RecordingTracker implements ErrorTrackerProtocol {
  captured: Array<{ exception: unknown; context?: Record<string, any> }> = [];
  captureException(exception: unknown, context?: Record<string, unknown>): string | undefined {
    this.captured.push({ exception, context });
    return 'id';
  }
  async flush(): Promise<boolean> {
    return true;
  }
}

@Catch()
class TeapotFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse()
      .status(418)
      .json({ handledBy: 'app', message: (exception as Error).message });
  }
}

@Controller('t')
class ThrowingController {
  @Get('boom')
  boom(): never {
    throw new Error('database exploded');
  }
  @Get('missing')
  missing(): never {
    throw new NotFoundException('no such order');
  }
  @Get('unavailable')
  unavailable(): never {
    throw new ServiceUnavailableException('try later');
  }
  @Get('own-filter')
  @UseFilters(TeapotFilter)
  ownFilter(): never {
    throw new Error('handled by the method filter');
  }
}

async function boot(
  providers: any[],
): Promise<{ app: INestApplication; url: string; tracker: RecordingTracker }> {
  const tracker = new RecordingTracker();
  const moduleRef = await Test.createTestingModule({
    controllers: [ThrowingController],
    providers: [{ provide: ERROR_TRACKER, useValue: tracker }, ...providers],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1'), tracker };
}

describe('ErrorTrackingFilter', () => {
  let ctx: Awaited<ReturnType<typeof boot>>;
  afterEach(() => ctx.app.close());

  it('captures unhandled errors and 5xx with the request, not 4xx; Nest still answers', async () => {
    ctx = await boot([{ provide: APP_FILTER, useClass: ErrorTrackingFilter }]);
    const boom = await fetch(`${ctx.url}/t/boom?x=1`, { headers: { cookie: 'sid=abc' } });
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect((await fetch(`${ctx.url}/t/missing`)).status).toBe(404);
    expect((await fetch(`${ctx.url}/t/unavailable`)).status).toBe(503);
    expect(ctx.tracker.captured.map((c) => (c.exception as Error).message)).toEqual([
      'database exploded',
      'try later',
    ]);
    const { request, user } = ctx.tracker.captured[0].context!;
    expect(request).toMatchObject({
      method: 'GET',
      query_string: 'x=1',
      cookies: { sid: 'abc' },
    });
    expect(request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/boom$/);
    expect(user.ip_address).toMatch(/127\.0\.0\.1/);
  });

  it("hands the exception to the app's own filter after capturing it", async () => {
    ctx = await boot([
      { provide: ERROR_TRACKING_DELEGATE_FILTER, useClass: TeapotFilter },
      { provide: APP_FILTER, useClass: ErrorTrackingFilter },
    ]);
    const res = await fetch(`${ctx.url}/t/boom`);
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ handledBy: 'app', message: 'database exploded' });
    expect(ctx.tracker.captured).toHaveLength(1);
  });
});

describe('ErrorTrackingInterceptor', () => {
  let ctx: Awaited<ReturnType<typeof boot>>;
  afterEach(() => ctx.app.close());

  it('captures and rethrows, so method-scoped filters still answer', async () => {
    ctx = await boot([{ provide: APP_INTERCEPTOR, useClass: ErrorTrackingInterceptor }]);
    const res = await fetch(`${ctx.url}/t/own-filter`);
    expect(res.status).toBe(418);
    expect(((await res.json()) as { handledBy: string }).handledBy).toBe('app');
    expect((await fetch(`${ctx.url}/t/missing`)).status).toBe(404);
    expect(ctx.tracker.captured.map((c) => (c.exception as Error).message)).toEqual([
      'handled by the method filter',
    ]);
  });
});
