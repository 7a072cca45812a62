import { join } from 'node:path';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { HeraldError, InboxConfig } from '@herald/contracts';
import { Mailable, NotificationTemplates } from '@herald/notification';
import { InboxService } from '@herald/notification/inbox';
import { Notification, NotifierService } from '@herald/notification/notifier';
import {
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  CreateInboxMessages1732300000000,
  DatabaseInboxStore,
} from '@herald/notification/typeorm';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import type { TestingModule } from '@nestjs/testing';
import { InMemoryInboxStore } from '../libs/notification/src/inbox/stores/in-memory-inbox.store.js';
import { notifierTestApp } from '../libs/notification/src/notifier/__fixtures__/notifier-test-app.js';
import { fuzzAssert, fuzzCount, nastyString, OutputCapture, PLANT } from './helpers/fuzz.js';
import { startNotifierApp, type NotifierTestApp } from './helpers/notifier-app.js';
import { MemoryWebhookEndpointStore, WebhookEndpointsService } from '@herald/notification/notifier';
import {
  CreateWebhookEndpoints1736400000000,
  DatabaseWebhookEndpointStore,
} from '@herald/notification/typeorm';
import { createPrivateSchema } from './helpers/pg-schema.js';
import { MemoryTopicStore, topic, TopicService } from '@herald/notification/notifier';
import {
  CreateTopicSubscriptions1736600000000,
  DatabaseTopicStore,
} from '@herald/notification/typeorm';

/** Generated cases per property: this file's share of the fuzz budget. */
const RUNS = {
  notifyMemory: 1500,
  notifyPostgres: 250,
  inboxMemory: 2000,
  inboxPostgres: 1000,
  templates: 1000,
  webhooksMemory: 800,
  webhooksPostgres: 300,
  topicsMemory: 800,
  topicsPostgres: 300,
};

/** Anything a caller might pass where a value is expected. */
const { anything } = fc.letrec((tie) => ({
  anything: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    nastyString(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom(1e20, -1, 0, Number.NaN, Infinity, 2 ** 53 + 1),
    fc.date({ noInvalidDate: false }),
    fc.array(tie('anything'), { maxLength: 3 }),
    fc.dictionary(nastyString(), tie('anything'), { maxKeys: 3 }),
  ),
}));

/** A value of the expected kind most of the time, anything otherwise. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: anything });

/** Only typed errors: the libraries' own classes (validation included), never a raw one. */
function expectTyped(error: unknown, what: string): void {
  if (error instanceof HeraldError) {
    const shown = `${error.message}\n${inspect(error)}`;
    if (shown.includes(PLANT)) throw new Error(`${what}: a planted secret in ${shown}`);
    return;
  }
  throw new Error(`${what}: threw ${inspect(error, { depth: 2 }).slice(0, 600)}`);
}

const recipient = fc.record(
  {
    id: mostly(fc.oneof(fc.constantFrom('alice', 'bob'), nastyString(), fc.integer())),
    email: mostly(fc.oneof(fc.constant('ada@example.com'), fc.emailAddress(), nastyString())),
    phone: mostly(fc.oneof(fc.constant('+15005550006'), nastyString())),
    chatId: mostly(fc.oneof(fc.constant('U0ADA'), nastyString())),
    name: mostly(nastyString()),
    locale: mostly(nastyString()),
    timezone: mostly(fc.oneof(fc.constantFrom('Europe/Paris', 'UTC'), nastyString())),
  },
  { requiredKeys: [] },
);

const channels = fc.array(
  fc.oneof(fc.constantFrom('sms', 'push', 'mail', 'chat', 'inbox', 'webhook'), nastyString()),
  { maxLength: 4 },
);

/** What a render method returns: the right shape with generated fields, or anything. */
const rendered = {
  sms: mostly(
    fc.oneof(
      nastyString(),
      fc.record({ body: mostly(nastyString()), from: mostly(nastyString()) }, { requiredKeys: [] }),
    ),
  ),
  push: mostly(
    fc.record(
      {
        title: mostly(nastyString()),
        body: mostly(nastyString()),
        data: mostly(fc.dictionary(nastyString(), nastyString(), { maxKeys: 3 })),
      },
      { requiredKeys: [] },
    ),
  ),
  mail: mostly(
    fc.oneof(
      fc
        .record({ subject: nastyString(), text: nastyString(), html: nastyString() })
        .map((m) => new Mailable().subject(m.subject).text(m.text).html(m.html)),
      fc.record(
        {
          subject: mostly(nastyString()),
          text: mostly(nastyString()),
          html: mostly(nastyString()),
          headers: mostly(fc.dictionary(nastyString(), nastyString(), { maxKeys: 2 })),
        },
        { requiredKeys: [] },
      ),
    ),
  ),
  chat: mostly(
    fc.oneof(
      nastyString(),
      fc.record(
        {
          text: mostly(nastyString()),
          title: mostly(nastyString()),
          url: mostly(nastyString()),
          fields: mostly(fc.array(fc.record({ label: nastyString(), value: nastyString() }))),
        },
        { requiredKeys: [] },
      ),
    ),
  ),
  webhook: mostly(
    fc.record(
      {
        eventType: mostly(fc.oneof(fc.constantFrom('invoice.paid', 'ping'), nastyString())),
        payload: mostly(fc.dictionary(nastyString(), anything, { maxKeys: 3 })),
      },
      { requiredKeys: [] },
    ),
  ),
  inbox: mostly(
    fc.record(
      {
        title: mostly(nastyString()),
        body: mostly(nastyString()),
        category: mostly(nastyString()),
        actionUrl: mostly(nastyString()),
        data: mostly(fc.dictionary(nastyString(), anything, { maxKeys: 3 })),
      },
      { requiredKeys: [] },
    ),
  ),
};

/** An inbox filter (a tab): mostly well-formed, with generated tags and severities. */
const inboxFilter = fc.option(
  mostly(
    fc.record(
      {
        status: mostly(fc.constantFrom('inbox', 'archived', 'snoozed', 'all')),
        read: mostly(fc.boolean()),
        seen: mostly(fc.boolean()),
        tags: mostly(
          fc.array(mostly(fc.oneof(fc.constantFrom('ci', 'deploy'), nastyString())), {
            maxLength: 12,
          }),
        ),
        severity: mostly(
          fc.array(mostly(fc.constantFrom('low', 'normal', 'high', 'critical')), { maxLength: 5 }),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  { nil: undefined },
);

/** `InboxService.send()` input with the states of issue 24: tags, severity, actions. */
const inboxSendInput = mostly(
  fc.record(
    {
      title: mostly(nastyString()),
      body: mostly(nastyString()),
      category: mostly(nastyString()),
      actionUrl: mostly(nastyString()),
      data: mostly(fc.dictionary(nastyString(), anything, { maxKeys: 3 })),
      tags: mostly(
        fc.array(mostly(fc.oneof(fc.constantFrom('ci', 'deploy'), nastyString())), {
          maxLength: 11,
        }),
      ),
      severity: mostly(fc.constantFrom('low', 'normal', 'high', 'critical')),
      actions: mostly(
        fc.array(
          mostly(
            fc.record(
              {
                label: mostly(nastyString()),
                url: mostly(nastyString()),
                actionId: mostly(fc.oneof(fc.constantFrom('approve', 'a.b:c-d'), nastyString())),
              },
              { requiredKeys: ['label'] },
            ),
          ),
          { maxLength: 3 },
        ),
      ),
    },
    { requiredKeys: ['title'] },
  ),
);

/** A snooze end: near future, past, the far ends of Date, invalid, or anything. */
const snoozeUntil = mostly(
  fc.oneof(
    fc.integer({ min: -1e6, max: 1e12 }).map((ms) => new Date(Date.now() + ms)),
    fc.constantFrom(new Date(8.64e15), new Date(-8.64e15), new Date(Number.NaN)),
    fc.date({ noInvalidDate: false }),
  ),
);

const notificationArbitrary = fc.record({
  via: mostly(channels),
  type: mostly(nastyString()),
  category: mostly(nastyString()),
  critical: mostly(fc.boolean()),
  throttle: fc.option(anything),
  escalation: fc.option(anything),
  digest: fc.option(anything),
  defaultPreferences: fc.option(anything),
  sms: rendered.sms,
  push: rendered.push,
  mail: rendered.mail,
  chat: rendered.chat,
  inbox: rendered.inbox,
  webhook: rendered.webhook,
});

/** A Notification whose every member comes from the generator. */
function makeNotification(spec: Record<string, any>): Notification {
  class Generated extends Notification {
    via() {
      return spec.via as string[];
    }
    toSms() {
      return spec.sms;
    }
    toPush() {
      return spec.push;
    }
    toMail() {
      return spec.mail;
    }
    toChat() {
      return spec.chat;
    }
    toInbox() {
      return spec.inbox;
    }
    toWebhook() {
      return spec.webhook;
    }
  }
  const notification = new Generated();
  for (const key of [
    'type',
    'category',
    'critical',
    'throttle',
    'escalation',
    'digest',
    'defaultPreferences',
  ])
    if (spec[key] !== null) Object.defineProperty(notification, key, { value: spec[key] });
  return notification;
}

describe('fuzz: notify() arguments and InboxService inputs give results or typed errors only', () => {
  const output = new OutputCapture();
  const started = Date.now();
  beforeAll(() => output.start());
  afterAll(() => {
    output.expectNoPlant('the library calls');
    output.stop();
    process.stdout.write(
      `fuzz-library: ${fuzzCount.cases} generated cases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });

  describe.each([
    [
      'in-memory channels and stores',
      RUNS.notifyMemory,
      async () => {
        const app = await notifierTestApp();
        return { app, close: () => app.close() };
      },
    ],
    [
      'PostgreSQL and the fake providers',
      RUNS.notifyPostgres,
      async () => {
        const fakes = {
          twilio: await new FakeTwilioServer({ authToken: `${PLANT}-twilio-token` }).start(),
          fcm: await new FakeFcmServer().start(),
          sendgrid: await new FakeSendgridServer(`SG.${PLANT}-sendgrid-key`).start(),
        };
        const started: NotifierTestApp = await startNotifierApp('postgres', 'inline', fakes);
        return {
          app: started.app,
          close: async () => {
            await started.close();
            await Promise.all(Object.values(fakes).map((f) => f.stop()));
          },
        };
      },
    ],
  ] as const)('notify() on %s', (_name, runs, open) => {
    let opened: { app: TestingModule; close(): Promise<void> };
    let notifier: NotifierService;

    beforeAll(async () => {
      opened = await open();
      opened.app.useLogger(output);
      notifier = opened.app.get(NotifierService);
    });
    afterAll(() => opened?.close());

    it('any recipients, notification and options', async () => {
      const recipients = fc.oneof(
        { weight: 3, arbitrary: recipient },
        { weight: 2, arbitrary: fc.array(recipient, { maxLength: 3 }) },
        { weight: 1, arbitrary: anything },
      );
      const notification = fc.oneof(
        { weight: 5, arbitrary: notificationArbitrary.map(makeNotification) },
        { weight: 1, arbitrary: anything },
      );
      const options = fc.oneof(
        fc.constant(undefined),
        fc.record(
          {
            idempotencyKey: mostly(nastyString()),
            delayMs: anything,
            sendAt: anything,
          },
          { requiredKeys: [] },
        ),
        anything,
      );
      await fuzzAssert(runs, recipients, notification, options, async (r, n, o) => {
        const what = `notify(${inspect(r, { depth: 1 }).slice(0, 200)}, …, ${inspect(o).slice(0, 100)})`;
        try {
          await notifier.notify(r as never, n as never, o as never);
        } catch (error) {
          expectTyped(error, what);
        }
        output.expectNoPlant(what);
      });
    }, 120_000);
  });

  describe.each([
    ['memory', async () => ({ store: new InMemoryInboxStore(), close: async () => {} })],
    [
      'PostgreSQL',
      async () => {
        const schema = await createPrivateSchema(`herald_fuzz_inbox_${process.pid}`, {
          replace: true,
        });
        const ds = new DataSource({
          ...schema.options,
          migrations: [
            CreateInboxMessages1732300000000,
            AddInboxMessageStates1736200000000,
            CreateInboxCounters1736700000000,
            AddInboxCounterBounds1736800000000,
          ],
          extra: { max: 2 },
        });
        await ds.initialize();
        await ds.runMigrations();
        return {
          store: new DatabaseInboxStore(ds),
          close: async () => {
            await ds.destroy();
            await schema.drop();
          },
        };
      },
    ],
  ] as const)('InboxService on the %s store', (name, open) => {
    let inbox: InboxService;
    let close: () => Promise<void>;
    const ids: string[] = [];

    beforeAll(async () => {
      const opened = await open();
      close = opened.close;
      inbox = new InboxService(opened.store as never, {
        config: new InboxConfig({ maxPageSize: 5 }),
      });
      for (let i = 0; i < 3; i++)
        ids.push(
          (
            await inbox.send('alice', {
              title: `t${i}`,
              body: '',
              tags: ['ci'],
              actions: [{ label: 'Approve', actionId: 'approve' }],
            })
          ).id,
        );
    });
    afterAll(() => close?.());

    it('every method with any arguments', async () => {
      const userId = mostly(fc.oneof(fc.constantFrom('alice', 'bob'), nastyString()));
      const messageId = mostly(
        fc.oneof(
          fc.constantFrom(...ids),
          fc.constantFrom(...ids).map((id) => id.toUpperCase()),
          fc.uuid(),
          nastyString(),
        ),
      );
      const call = fc.oneof(
        fc.tuple(fc.constant('send'), userId, fc.tuple(inboxSendInput)),
        fc.tuple(
          fc.constant('getInbox'),
          userId,
          fc.tuple(
            mostly(
              fc.record(
                {
                  limit: mostly(fc.integer()),
                  cursor: mostly(nastyString()),
                  unreadOnly: mostly(fc.boolean()),
                  filter: inboxFilter,
                },
                { requiredKeys: [] },
              ),
            ),
          ),
        ),
        fc.tuple(
          fc.constantFrom(
            'findOne',
            'markRead',
            'delete',
            'markSeen',
            'markUnread',
            'archive',
            'unarchive',
            'unsnooze',
          ),
          userId,
          fc.tuple(messageId),
        ),
        fc.tuple(fc.constant('snooze'), userId, fc.tuple(messageId, snoozeUntil)),
        fc.tuple(
          fc.constant('runAction'),
          userId,
          fc.tuple(
            messageId,
            mostly(fc.oneof(fc.constantFrom('approve', 'reject'), nastyString())),
          ),
        ),
        fc.tuple(
          fc.constant('markAll'),
          userId,
          fc.tuple(mostly(fc.constantFrom('seen', 'read', 'archived')), inboxFilter),
        ),
        fc.tuple(
          fc.constant('counts'),
          userId,
          fc.tuple(
            mostly(
              fc.dictionary(
                fc.oneof(
                  fc.constantFrom('inbox', 'ci', 'tab.1', '__proto__', 'constructor'),
                  nastyString(),
                ),
                inboxFilter,
                { maxKeys: 22 },
              ),
            ),
          ),
        ),
        fc.tuple(fc.constantFrom('markAllRead', 'countUnread'), userId, fc.constant([])),
      );
      await fuzzAssert(
        name === 'memory' ? RUNS.inboxMemory : RUNS.inboxPostgres,
        call,
        async ([method, user, args]) => {
          const what = `inbox.${method}(${inspect(user).slice(0, 80)}, ${inspect(args, { depth: 2 }).slice(0, 300)})`;
          try {
            await (inbox as any)[method](user, ...(args as unknown[]));
          } catch (error) {
            expectTyped(error, what);
          }
        },
      );
    });

    it('pages with a cursor it issued, whatever was generated before', async () => {
      const first = await inbox.getInbox('alice', { limit: 1 });
      if (first.nextCursor)
        await expect(inbox.getInbox('alice', { cursor: first.nextCursor })).resolves.toBeDefined();
    });
  });
  describe('NotificationTemplates.render', () => {
    let templates: NotificationTemplates;
    beforeAll(async () => {
      templates = await NotificationTemplates.compile({
        dir: join(__dirname, '..', 'libs/notification/src/templates/__fixtures__/templates'),
      });
    });

    it('any name, channel, data, locale and time zone', async () => {
      const order = fc.record(
        {
          id: mostly(nastyString()),
          items: mostly(fc.integer()),
          total: mostly(fc.double()),
          carrier: mostly(fc.constantFrom('dhl', 'ups', 'x')),
          shippedAt: mostly(fc.date({ noInvalidDate: false }).map((d) => String(d))),
          eta: mostly(fc.date({ noInvalidDate: false })),
          url: mostly(nastyString()),
        },
        { requiredKeys: [] },
      );
      const data = fc.oneof(
        { weight: 3, arbitrary: fc.record({ name: mostly(nastyString()), shop: anything, order }) },
        { weight: 1, arbitrary: anything },
      );
      const name = mostly(fc.constantFrom('order-shipped', 'nope'));
      const channel = mostly(fc.constantFrom('sms', 'push', 'mail', 'inbox', 'chat'));
      const options = fc.record(
        {
          locale: mostly(fc.oneof(fc.constantFrom('en', 'de', 'ar', 'ja', 'pt-BR'), nastyString())),
          timeZone: mostly(fc.oneof(fc.constantFrom('UTC', 'Asia/Tokyo'), nastyString())),
        },
        { requiredKeys: [] },
      );
      await fuzzAssert(RUNS.templates, name, channel, data, options, async (n, c, d, o) => {
        try {
          templates.render(n as never, c as never, d as never, o as never);
        } catch (error) {
          expectTyped(error, `render(${inspect(n)}, ${inspect(c)}, …, ${inspect(o)})`);
        }
      });
    }, 120_000);
  });

  describe.each([
    ['memory', async () => ({ store: new MemoryWebhookEndpointStore(), close: async () => {} })],
    [
      'PostgreSQL',
      async () => {
        const schema = await createPrivateSchema(`herald_fuzz_webhooks_${process.pid}`, {
          replace: true,
        });
        const ds = new DataSource({
          ...schema.options,
          migrations: [CreateWebhookEndpoints1736400000000],
          extra: { max: 2 },
        });
        await ds.initialize();
        await ds.runMigrations();
        return {
          store: new DatabaseWebhookEndpointStore(ds),
          close: async () => {
            await ds.destroy();
            await schema.drop();
          },
        };
      },
    ],
  ] as const)('WebhookEndpointsService on the %s store', (name, open) => {
    let webhooks: WebhookEndpointsService;
    let close: () => Promise<void>;
    const ids: string[] = [];

    beforeAll(async () => {
      const opened = await open();
      close = opened.close;
      webhooks = new WebhookEndpointsService(opened.store as never);
      for (let i = 0; i < 2; i++)
        ids.push(
          (await webhooks.register({ owner: 'alice', url: `https://hooks.example.com/${i}` }))
            .endpoint.id,
        );
    });
    afterAll(() => close?.());

    it('every method with any arguments', async () => {
      const id = mostly(fc.oneof(fc.constantFrom(...ids), nastyString()));
      const secret = fc.oneof(
        fc.constant(undefined),
        fc
          .uint8Array({ minLength: 0, maxLength: 80 })
          .map((b) => `whsec_${Buffer.from(b).toString('base64')}`),
        fc.constant(`whsec_${PLANT}`),
        nastyString(),
      );
      const registration = mostly(
        fc.record(
          {
            owner: mostly(fc.oneof(fc.constant('alice'), nastyString())),
            url: mostly(
              fc.oneof(
                fc.webUrl({ withQueryParameters: true, withFragments: true }),
                fc.constantFrom('http://127.0.0.1/x', 'ftp://x', `https://u:${PLANT}@example.com/`),
                nastyString(),
              ),
            ),
            eventTypes: mostly(
              fc.array(mostly(fc.oneof(fc.constant('invoice.paid'), nastyString())), {
                maxLength: 3,
              }),
            ),
            description: mostly(nastyString()),
            secret,
          },
          { requiredKeys: [] },
        ),
      );
      const call = fc.oneof(
        fc.tuple(fc.constant('register'), registration, fc.constant(undefined)),
        fc.tuple(
          fc.constant('rotateSecret'),
          id,
          mostly(fc.record({ secret, graceMs: mostly(fc.integer()) }, { requiredKeys: [] })),
        ),
        fc.tuple(
          fc.constant('list'),
          mostly(
            fc.record(
              { owner: mostly(nastyString()), enabled: mostly(fc.boolean()) },
              { requiredKeys: [] },
            ),
          ),
          fc.constant(undefined),
        ),
        fc.tuple(fc.constant('disable'), id, mostly(nastyString())),
        fc.tuple(fc.constantFrom('get', 'enable', 'delete'), id, fc.constant(undefined)),
      );
      await fuzzAssert(
        name === 'memory' ? RUNS.webhooksMemory : RUNS.webhooksPostgres,
        call,
        async ([method, a, b]) => {
          const what = `webhooks.${method}(${inspect(a, { depth: 1 }).slice(0, 200)}, ${inspect(b, { depth: 1 }).slice(0, 100)})`;
          try {
            const result = await (webhooks as any)[method](a, b);
            if (
              inspect(result, { depth: 4 }).includes(PLANT) &&
              method !== 'register' &&
              method !== 'rotateSecret'
            )
              throw new Error(`${what}: a planted secret in the result`);
          } catch (error) {
            expectTyped(error, what);
          }
        },
      );
    });
  });

  describe.each([
    ['memory', async () => ({ store: new MemoryTopicStore(), close: async () => {} })],
    [
      'PostgreSQL',
      async () => {
        const schema = await createPrivateSchema(`herald_fuzz_topics_${process.pid}`, {
          replace: true,
        });
        const ds = new DataSource({
          ...schema.options,
          migrations: [CreateTopicSubscriptions1736600000000],
          extra: { max: 2 },
        });
        await ds.initialize();
        await ds.runMigrations();
        return {
          store: new DatabaseTopicStore(ds),
          close: async () => {
            await ds.destroy();
            await schema.drop();
          },
        };
      },
    ],
  ] as const)('TopicService and topic() on the %s store', (name, open) => {
    let topics: TopicService;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const opened = await open();
      close = opened.close;
      topics = new TopicService(opened.store);
    });
    afterAll(() => close?.());

    it('every method with any arguments', async () => {
      const key = mostly(fc.oneof(fc.constantFrom('project:42:watchers', 'tag:x'), nastyString()));
      const recipient = mostly(
        fc.oneof(
          nastyString(),
          fc.record(
            {
              id: mostly(nastyString()),
              email: mostly(nastyString()),
              locale: mostly(nastyString()),
            },
            { requiredKeys: [] },
          ),
        ),
      );
      const recipients = fc.oneof(recipient, fc.array(recipient, { maxLength: 4 }));
      const page = mostly(
        fc.record(
          { after: mostly(nastyString()), limit: mostly(fc.integer()) },
          { requiredKeys: [] },
        ),
      );
      const call = fc.oneof(
        fc.tuple(fc.constantFrom('subscribe', 'unsubscribe'), key, recipients),
        fc.tuple(fc.constant('subscribers'), key, page),
        fc.tuple(fc.constant('topic'), key, fc.constant(undefined)),
      );
      await fuzzAssert(
        name === 'memory' ? RUNS.topicsMemory : RUNS.topicsPostgres,
        call,
        async ([method, a, b]) => {
          const what = `topics.${method}(${inspect(a, { depth: 1 }).slice(0, 200)}, ${inspect(b, { depth: 2 }).slice(0, 200)})`;
          try {
            if (method === 'topic') topic(a as string);
            else await (topics as any)[method](a, b);
          } catch (error) {
            expectTyped(error, what);
          }
        },
      );
    });
  });
});
