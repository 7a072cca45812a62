import { HeraldConfigError } from '@herald/contracts';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ObservabilityModule } from '@herald/observability';
import { NotificationModule } from '../notification.module.js';
import { SuppressionModule } from './suppression.module.js';
import { SuppressionService } from './suppression.service.js';
import { signUnsubscribeToken } from './unsubscribe/unsubscribe-token.util.js';

describe('SuppressionModule', () => {
  it('fails at bootstrap listing every unsubscribe problem, never echoing the secret', async () => {
    const error = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        NotificationModule.stub(),
        SuppressionModule.forRoot({
          unsubscribe: { secret: 'too-short-secret', url: 'ftp://example.com/u', route: 'a b' },
        }),
      ],
    })
      .compile()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    const message = (error as Error).message;
    expect(message).toContain(
      'SuppressionModule.unsubscribe.secret: must be a string of at least 32',
    );
    expect(message).toContain('SuppressionModule.unsubscribe.url: must be https://');
    expect(message).toContain('SuppressionModule.unsubscribe.route: must be a URL path');
    expect(message).not.toContain('too-short-secret');
  });

  it('a database store without a TypeORM DataSource fails on first use, saying what to do', async () => {
    const app = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        NotificationModule.stub(),
        SuppressionModule.forRoot({ store: 'database' }),
      ],
    }).compile();
    await app.init();
    try {
      await expect(
        app.get(SuppressionService).add({ channel: 'mail', address: 'a@b.io', reason: 'manual' }),
      ).rejects.toThrow(
        /SuppressionModule\.store: is "database" but no TypeORM DataSource is available: .*NOTIFIER_MIGRATIONS/,
      );
    } finally {
      await app.close();
    }
  });

  it('forRootAsync serves the endpoint at unsubscribeRoute with options from a factory', async () => {
    const secret = 'async-secret-async-secret-0123456789';
    const ref = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        NotificationModule.stub(),
        SuppressionModule.forRootAsync({
          unsubscribeRoute: 'u/one-click',
          useFactory: () => ({ unsubscribe: { secret, url: 'https://example.com/u/one-click' } }),
        }),
      ],
    }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      const token = signUnsubscribeToken(secret, {
        address: 'ann@example.com',
        category: null,
        expiresAt: Math.floor(Date.now() / 1000) + 60,
      });
      await request(app.getHttpServer())
        .post(`/u/one-click?token=${token}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200, { unsubscribed: true, category: null });
      const { entries } = await app.get(SuppressionService).list({ channel: 'mail' });
      expect(entries).toMatchObject([
        { address: 'ann@example.com', category: null, reason: 'unsubscribe' },
      ]);
    } finally {
      await app.close();
    }
  });
});
