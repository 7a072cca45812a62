import { Injectable, Module } from '@nestjs/common';
import { EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import {
  HeraldConfig,
  INBOX_SENT_HOOK,
  INBOX_STORE,
  InboxConfig,
  type InboxMessage,
} from '@herald/contracts';
import { CreateInboxMessages1732300000000 } from './migrations/create-inbox-messages.migration.js';
import { AddInboxMessageStates1736200000000 } from './migrations/add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from './migrations/create-inbox-counters.migration.js';
import { AddInboxCounterBounds1736800000000 } from './migrations/add-inbox-counter-bounds.migration.js';
import { InboxModule } from './inbox.module.js';
import { INBOX_MODULE_OPTIONS } from './inbox.module-definition.js';
import { INBOX_CONFIG } from './inbox.constants.js';
import { InboxProvider } from './inbox.providers.js';
import { InboxRetentionJob } from './inbox-retention.job.js';
import { InboxService } from './inbox.service.js';
import { DatabaseInboxStore } from './stores/database-inbox.store.js';
import { InMemoryInboxStore } from './stores/in-memory-inbox.store.js';
import { memorySqlite } from '../../../../test/helpers/sqlite.js';

@Injectable()
class SentListener {
  received: InboxMessage[] = [];
  @OnEvent(INBOX_SENT_HOOK)
  onSent(message: InboxMessage) {
    this.received.push(message);
  }
}

describe('InboxModule and InboxProvider', () => {
  it('InboxModule.forRoot({ storeBackend: memory }) gives InboxService and fires the hook', async () => {
    const ref = await Test.createTestingModule({
      imports: [EventEmitterModule.forRoot(), InboxModule.forRoot({ storeBackend: 'memory' })],
      providers: [SentListener],
    }).compile();
    await ref.init();
    expect(ref.get(INBOX_STORE)).toBeInstanceOf(InMemoryInboxStore);
    const message = await ref.get(InboxService).send('alice', { title: 'Hi', body: 'there' });
    expect(ref.get(SentListener).received).toEqual([message]);
    await ref.close();
  });

  it('InboxProvider reads HeraldConfig and uses the application DataSource by default', async () => {
    const dataSource = new DataSource({
      ...memorySqlite(),
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    const herald = new HeraldConfig({ notification: { inbox: { maxPageSize: 2 } } });
    @Module({
      providers: [
        { provide: HeraldConfig, useValue: herald },
        { provide: DataSource, useValue: dataSource },
        ...InboxProvider,
      ],
    })
    class AppModule {}
    const ref = await Test.createTestingModule({ imports: [AppModule] }).compile();
    await ref.init();
    const inbox = ref.get(InboxService);
    expect(ref.get(INBOX_STORE)).toBeInstanceOf(DatabaseInboxStore);
    for (const title of ['a', 'b', 'c']) await inbox.send('bob', { title, body: '' });
    const page = await inbox.getInbox('bob', { limit: 50 });
    expect(page.notifications.map((m) => m.title)).toEqual(['c', 'b']);
    expect(page.unreadCount).toBe(3);
    await ref.close();
    await dataSource.destroy();
  });

  it('an invalid inbox config fails at bootstrap naming the field', async () => {
    await expect(
      Test.createTestingModule({
        imports: [InboxModule.forRoot(new InboxConfig({ maxPageSize: 0 }))],
      }).compile(),
    ).rejects.toThrow(/notification\.inbox\.max_page_size/);
  });

  it('the retention job purges at bootstrap and on its interval, and stops at shutdown', async () => {
    const store = new InMemoryInboxStore();
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await store.insert({
      id: '018f0000-0000-7000-8000-000000000001',
      userId: 'carol',
      title: 'old',
      body: '',
      readAt: null,
      seenAt: null,
      archivedAt: null,
      snoozedUntil: null,
      tags: [],
      severity: 'normal',
      actions: [],
      createdAt: old,
      expiresAt: new Date(old.getTime() + 30 * 24 * 3600 * 1000),
    });
    const ref = await Test.createTestingModule({
      imports: [InboxModule.forRoot({ store, purgeIntervalMs: 20 })],
    }).compile();
    const purge = jest.spyOn(store, 'purgeExpired');
    await ref.init();
    await new Promise((r) => setTimeout(r, 70));
    expect(purge.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(await store.findOne('carol', '018f0000-0000-7000-8000-000000000001', new Date(0))).toBe(
      undefined,
    );
    await ref.close();
    const calls = purge.mock.calls.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(purge.mock.calls.length).toBe(calls);
    expect(ref.get(InboxRetentionJob)).toBeDefined();
  });
});

describe('database store without its prerequisites', () => {
  it('names the missing DataSource and the missing migration', async () => {
    const ref = await Test.createTestingModule({ providers: [...InboxProvider] }).compile();
    await expect(ref.get(InboxService).countUnread('x')).rejects.toThrow(
      /store_backend is 'database' but the application has no TypeORM DataSource/,
    );
    await ref.close();

    const bare = new DataSource({ ...memorySqlite() });
    await bare.initialize();
    const inbox = new InboxService(new DatabaseInboxStore(bare));
    await expect(inbox.countUnread('x')).rejects.toThrow(
      /inbox table 'herald_inbox_(messages|counters)' does not exist; add heraldMigrations\(\) \(CreateInboxMessages1732300000000, AddInboxMessageStates1736200000000, CreateInboxCounters1736700000000 and AddInboxCounterBounds1736800000000\)/,
    );
    await bare.destroy();
  });
});

describe('InboxModule builder skeleton', () => {
  it('has a readable options token and is not global unless asked', () => {
    expect(INBOX_MODULE_OPTIONS).toBe('HERALD:INBOX_OPTIONS');
    expect(InboxModule.forRoot().global).toBe(false);
    expect(InboxModule.forRoot({ isGlobal: true }).global).toBe(true);
  });

  it('forRoot() takes options, an InboxConfig or its plain form alike', async () => {
    for (const given of [
      { config: { storeBackend: 'memory', maxPageSize: 3 } },
      new InboxConfig({ storeBackend: 'memory', maxPageSize: 3 }),
      { storeBackend: 'memory', maxPageSize: 3 },
      { store_backend: 'memory', max_page_size: 3 },
    ]) {
      const ref = await Test.createTestingModule({
        imports: [InboxModule.forRoot(given)],
      }).compile();
      expect(ref.get(INBOX_STORE)).toBeInstanceOf(InMemoryInboxStore);
      expect(ref.get<InboxConfig>(INBOX_CONFIG).maxPageSize).toBe(3);
      await ref.close();
    }
  });

  it('forRootAsync(): options from a factory with injected dependencies; isGlobal reaches other modules', async () => {
    const store = new InMemoryInboxStore();
    const STORE = Symbol('store');
    @Module({ providers: [{ provide: STORE, useValue: store }], exports: [STORE] })
    class StoreModule {}
    @Injectable()
    class Reader {
      constructor(readonly inbox: InboxService) {}
    }
    @Module({ providers: [Reader] })
    class FeatureModule {}
    const ref = await Test.createTestingModule({
      imports: [
        InboxModule.forRootAsync({
          imports: [StoreModule],
          inject: [STORE],
          useFactory: (given: InMemoryInboxStore) => ({ store: given, purgeIntervalMs: 60_000 }),
          isGlobal: true,
        }),
        FeatureModule,
      ],
    }).compile();
    expect(ref.get(INBOX_STORE)).toBe(store);
    await ref.get(Reader).inbox.send('dana', { title: 'Hi', body: '' });
    expect(await store.countUnread('dana', new Date())).toBe(1);
    await ref.close();
  });

  it('without isGlobal, InboxService stays inside the importing module', async () => {
    @Injectable()
    class Reader {
      constructor(readonly inbox: InboxService) {}
    }
    @Module({ providers: [Reader] })
    class FeatureModule {}
    await expect(
      Test.createTestingModule({
        imports: [InboxModule.forRoot({ config: { storeBackend: 'memory' } }), FeatureModule],
      }).compile(),
    ).rejects.toThrow(/InboxService/);
  });
});
