import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  createHealthMiddleware,
  HealthCheckRunner,
  MetricsController,
  MonitorModule,
} from '@herald/monitor';

const TOKEN = 'e2e-Bearer-t0ken';

@Module({
  imports: [
    MonitorModule.configure({
      config: {
        backendType: 'prometheus',
        prometheus: { authToken: TOKEN, enableDefaultMetrics: false, standalone: false },
        health: { cacheTtl: 0 },
      },
    }),
  ],
  controllers: [MetricsController],
})
class AppModule {}

/** `Authorization` values, and whether /metrics and /health must accept them (RFC 7235: the scheme is case-insensitive). */
const CASES: Array<[label: string, header: string | undefined, accepted: boolean]> = [
  ['Bearer', `Bearer ${TOKEN}`, true],
  ['bearer (lower case)', `bearer ${TOKEN}`, true],
  ['BEARER (upper case)', `BEARER ${TOKEN}`, true],
  ['bEaReR (mixed case)', `bEaReR ${TOKEN}`, true],
  ['extra spaces after the scheme', `Bearer    ${TOKEN}`, true],
  ['wrong token', 'Bearer not-the-token', false],
  ['token in another case', `Bearer ${TOKEN.toUpperCase()}`, false],
  ['token with a suffix', `Bearer ${TOKEN}x`, false],
  ['token and a second word', `Bearer ${TOKEN} extra`, false],
  ['no space after the scheme', `Bearer${TOKEN}`, false],
  ['scheme only', 'Bearer', false],
  ['another scheme', `Basic ${TOKEN}`, false],
  ['token without a scheme', TOKEN, false],
  ['missing', undefined, false],
];

describe('/metrics and /health share one bearer check (e2e)', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create(AppModule, { logger: false });
    const runner = app.get(HealthCheckRunner);
    runner.add('ok', () => true);
    app.use(createHealthMiddleware({ checker: runner, authToken: TOKEN }));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(() => app.close());

  it.each(CASES)('%s', async (_label, header, accepted) => {
    const headers: Record<string, string> = header === undefined ? {} : { Authorization: header };
    const metrics = await fetch(`${url}/metrics`, { headers });
    const health = await fetch(`${url}/health`, { headers });
    expect([metrics.status, health.status]).toEqual(accepted ? [200, 200] : [401, 401]);
    if (!accepted) {
      expect(metrics.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
      expect(health.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    }
  });
});
