import type { TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HeraldConfigError } from '@herald/contracts';
import { memorySqlite } from '../../../../../test/helpers/sqlite.js';
import type { DeliveryService } from '../../delivery/reliable/delivery.service.js';
import { Configurable } from '../__fixtures__/test-notifications.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import { NotifierService } from '../notifier.service.js';
import { resolveNotifierSetup } from '../notifier-setup.util.js';

const inline = { queue: undefined } as unknown as DeliveryService;

describe('NotifierModule option outbox', () => {
  it('is off by default, and takes defaults from true', () => {
    expect(resolveNotifierSetup({ store: 'database' }, inline).outbox).toBeUndefined();
    expect(resolveNotifierSetup({ store: 'database', outbox: true }, inline).outbox).toEqual({
      relay: true,
      batchSize: 50,
      pollIntervalMs: 1000,
      leaseMs: 30_000,
      maxAttempts: 10,
    });
    expect(
      resolveNotifierSetup({ store: 'database', worker: false, outbox: { leaseMs: 5000 } }, inline)
        .outbox,
    ).toMatchObject({ relay: false, leaseMs: 5000 });
  });

  it('lists every problem: the memory store, bad numbers, a bad relay flag', () => {
    let error: unknown;
    try {
      resolveNotifierSetup(
        { store: 'memory', outbox: { batchSize: 0, leaseMs: 1.5, relay: 'yes' as never } },
        inline,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    const message = (error as Error).message;
    expect(message).toContain('outbox: needs store "database"');
    expect(message).toContain('outbox.batchSize: must be an integer of 1 or more (got 0)');
    expect(message).toContain('outbox.leaseMs: must be an integer of 1 or more (got 1.5)');
    expect(message).toContain('outbox.relay: must be true or false (got "yes")');
    expect(() => resolveNotifierSetup({ outbox: 'on' as never }, inline)).toThrow(
      'outbox: must be true, false or an object of outbox options (got "on")',
    );
  });

  describe('notify() with a transaction and no outbox', () => {
    let app: TestingModule;
    beforeAll(async () => {
      app = await notifierTestApp();
    });
    afterAll(() => app.close());

    it('throws a NotifierConfigError naming the option to set', async () => {
      const transaction = { isTransactionActive: true, connection: {}, query: async () => [] };
      const error = await app
        .get(NotifierService)
        .notify({ id: 'u1' }, new Configurable(['inbox']), { transaction })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotifierConfigError);
      expect((error as Error).message).toContain('outbox: notify() with a transaction needs');
    });
  });

  it('fails at bootstrap when the outbox table is missing, naming the migration', async () => {
    const error = await notifierTestApp(
      { store: 'database', outbox: true },
      {},
      { imports: [TypeOrmModule.forRoot({ ...memorySqlite() })] },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain(
      'NotifierModule.outbox: is on but herald_notification_outbox cannot be read',
    );
    expect((error as Error).message).toContain('CreateNotificationOutbox1735200000000');
  });
});
