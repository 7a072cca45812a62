import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  WEBHOOK_ENDPOINT_DISABLED_EVENT,
  type WebhookEndpointDisabledEvent,
} from '@herald/contracts';
import {
  DeliveryService,
  Notification,
  Notifier,
  NotifierService,
  NotifyArgumentError,
  WebhookEndpointError,
  WebhookEndpointsService,
  type ToWebhook,
  type WebhookContent,
} from '@herald/notification';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';

class InvoiceEvent extends Notification implements ToWebhook {
  constructor(
    private readonly eventType: string,
    private readonly payload: Record<string, unknown>,
  ) {
    super();
  }
  via() {
    return ['webhook'];
  }
  toWebhook(): WebhookContent {
    return { eventType: this.eventType, payload: this.payload };
  }
}

class BadWebhook extends Notification {
  via() {
    return ['webhook'];
  }
  toWebhook() {
    return { eventType: 'has space', payload: {} };
  }
}

let seq = 0;

describe.each([
  ['sqlite', 'inline'],
  ['postgres', 'inline'],
  ['postgres', 'bullmq'],
] as const)(
  'outgoing webhooks on %s, %s delivery (Standard Webhooks, verified by standardwebhooks)',
  (db, mode) => {
    const fakes = {} as NotifierFakes;
    const receiver = new WebhookReceiver();
    let harness: NotifierTestApp;
    let notifier: NotifierService;
    let endpoints: WebhookEndpointsService;
    let delivery: DeliveryService;
    const disabled: WebhookEndpointDisabledEvent[] = [];

    beforeAll(async () => {
      await receiver.start();
      fakes.twilio = await new FakeTwilioServer().start();
      fakes.fcm = await new FakeFcmServer().start();
      fakes.sendgrid = await new FakeSendgridServer().start();
      harness = await startNotifierApp(db, mode, fakes, [], {
        webhooks: { allowPrivateTargets: true, failureThreshold: 3, timeoutMs: 3000 },
      });
      notifier = harness.app.get(NotifierService);
      endpoints = harness.app.get(WebhookEndpointsService);
      delivery = harness.app.get(DeliveryService);
      harness.app
        .get(EventEmitter2)
        .on(WEBHOOK_ENDPOINT_DISABLED_EVENT, (e: WebhookEndpointDisabledEvent) => disabled.push(e));
    });
    afterAll(async () => {
      await harness?.close();
      await Promise.all([
        fakes.twilio?.stop(),
        fakes.fcm?.stop(),
        fakes.sendgrid?.stop(),
        receiver.stop(),
      ]);
    });
    afterEach(() => {
      // the reference implementation verified every request this test caused
      expect(receiver.unverified()).toEqual([]);
    });

    /** Registers an endpoint at a fresh path; the receiver expects its secret there. */
    async function endpoint(owner: string, eventTypes: string[] = [], name = 'hook') {
      const path = `/${name}-${db}-${mode}-${++seq}`;
      const { endpoint: e, secret } = await endpoints.register({
        owner,
        url: `${receiver.url}${path}`,
        eventTypes,
      });
      receiver.secrets.set(path, [secret]);
      return { endpoint: e, secret, path };
    }

    const settled = async (notificationId: string, count: number) => {
      await until(async () => {
        const d = (await notifier.status(notificationId))!.deliveries;
        return d.sent + d.failed + d.dead + d.skipped === count;
      });
      return (await notifier.status(notificationId))!.deliveries;
    };

    it('posts to every enabled endpoint of the user subscribed to the event type, one record each', async () => {
      const user = `user-${++seq}`;
      const paid = await endpoint(user, ['invoice.paid']);
      const all = await endpoint(user);
      const refunds = await endpoint(user, ['invoice.refunded']);
      const other = await endpoint(`someone-else-${seq}`);
      const result = await notifier.notify(
        user,
        new InvoiceEvent('invoice.paid', { invoice: 'INV-1', total: 42 }),
      );
      expect(result.deliveries).toHaveLength(2);
      expect(await settled(result.notificationId, 2)).toMatchObject({ sent: 2 });
      for (const { path } of [paid, all]) {
        const [request] = receiver.at(path);
        expect(JSON.parse(request.body)).toMatchObject({
          type: 'invoice.paid',
          data: { invoice: 'INV-1', total: 42 },
        });
        expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      }
      expect(receiver.at(refunds.path)).toEqual([]);
      expect(receiver.at(other.path)).toEqual([]);
      const records = await Promise.all(
        result.deliveries.map((d) => delivery.engine.store.get(d.deliveryId)),
      );
      expect(records.map((r) => [r?.channel, r?.status]).sort()).toEqual([
        ['webhook', 'sent'],
        ['webhook', 'sent'],
      ]);
      expect(records.map((r) => r?.recipient).sort()).toEqual(
        [paid.endpoint.id, all.endpoint.id].sort(),
      );
      // the webhook-id is the delivery id: a receiver deduplicates retries by it
      expect(receiver.at(paid.path)[0].headers['webhook-id']).toBe(
        records.find((r) => r?.recipient === paid.endpoint.id)?.id,
      );
    });

    it('reaches a tenant through the recipient route "webhook"', async () => {
      const tenant = `tenant-${++seq}`;
      const hook = await endpoint(tenant);
      const result = await notifier.notify(
        Notifier.route('webhook', tenant),
        new InvoiceEvent('order.created', { n: 1 }),
      );
      expect(await settled(result.notificationId, 1)).toMatchObject({ sent: 1 });
      expect(receiver.at(hook.path)).toHaveLength(1);
    });

    it('skips, with the reason, when no endpoint is subscribed to the event type', async () => {
      const user = `user-${++seq}`;
      const hook = await endpoint(user, ['invoice.paid']);
      const result = await notifier.notify(user, new InvoiceEvent('invoice.voided', {}));
      expect(result.deliveries).toEqual([
        expect.objectContaining({
          channel: 'webhook',
          status: 'skipped',
          reason: `no enabled webhook endpoint of "${user}" subscribed to "invoice.voided"`,
        }),
      ]);
      expect(receiver.at(hook.path)).toEqual([]);
    });

    it('while a secret rotates, each request carries both signatures and each verifies with its own secret', async () => {
      const user = `user-${++seq}`;
      const hook = await endpoint(user);
      const rotated = await endpoints.rotateSecret(hook.endpoint.id, { graceMs: 3_600_000 });
      expect(rotated.endpoint.activeSecrets).toBe(2);
      receiver.secrets.set(hook.path, [rotated.secret, hook.secret]);
      const result = await notifier.notify(user, new InvoiceEvent('key.rotated', {}));
      expect(await settled(result.notificationId, 1)).toMatchObject({ sent: 1 });
      const [request] = receiver.at(hook.path);
      expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(request.verifiedWith).toEqual([rotated.secret, hook.secret]);
      // after the window: only the new secret signs
      await endpoints.rotateSecret(hook.endpoint.id, { secret: rotated.secret, graceMs: 0 });
      receiver.secrets.set(hook.path, [rotated.secret]);
      const again = await notifier.notify(user, new InvoiceEvent('key.rotated', { n: 2 }));
      expect(await settled(again.notificationId, 1)).toMatchObject({ sent: 1 });
      expect(
        String(receiver.at(hook.path)[1].headers['webhook-signature']).split(' '),
      ).toHaveLength(1);
    });

    it('retries 5xx and 429 with the same webhook-id; fails a 4xx at once', async () => {
      const user = `user-${++seq}`;
      const flaky = await endpoint(user, ['flaky.event'], 'flaky');
      receiver.script.set(flaky.path, [[503], [429, { 'retry-after': '0' }], [200]]);
      const result = await notifier.notify(user, new InvoiceEvent('flaky.event', {}));
      expect(await settled(result.notificationId, 1)).toMatchObject({ sent: 1 });
      const requests = receiver.at(flaky.path);
      expect(requests).toHaveLength(3);
      expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const record = await delivery.engine.store.get(result.deliveries[0].deliveryId);
      expect(record).toMatchObject({ status: 'sent', attempts: 3 });

      const refusing = await endpoint(user, ['refused.event'], 'refusing');
      receiver.script.set(refusing.path, [[422]]);
      const refused = await notifier.notify(user, new InvoiceEvent('refused.event', {}));
      expect(await settled(refused.notificationId, 1)).toMatchObject({ failed: 1 });
      expect(receiver.at(refusing.path)).toHaveLength(1);
    });

    it('disables an endpoint after 3 failed deliveries in a row, says so once, and skips it after', async () => {
      const user = `user-${++seq}`;
      const broken = await endpoint(user, [], 'broken');
      receiver.script.set(broken.path, [[500]]);
      const fine = await endpoint(`${user}-fine`);
      const fineUser = `${user}-fine`;
      // one failure, a success (count reset), then 3 failures in a row
      for (let i = 0; i < 4; i++) {
        const r = await notifier.notify(user, new InvoiceEvent('ping', { i }));
        expect(await settled(r.notificationId, 1)).toMatchObject({ dead: 1 });
        if (i === 0) {
          // a success in between resets the count
          receiver.script.set(broken.path, [[200]]);
          const ok = await notifier.notify(user, new InvoiceEvent('ping', { ok: true }));
          expect(await settled(ok.notificationId, 1)).toMatchObject({ sent: 1 });
          receiver.script.set(broken.path, [[500]]);
          expect((await endpoints.get(broken.endpoint.id))?.consecutiveFailures).toBe(0);
        }
      }
      await until(async () => (await endpoints.get(broken.endpoint.id))?.enabled === false);
      expect(await endpoints.get(broken.endpoint.id)).toMatchObject({
        enabled: false,
        consecutiveFailures: 2 + 0 + 1,
      });
      await until(() => disabled.some((e) => e.endpointId === broken.endpoint.id));
      expect(disabled.filter((e) => e.endpointId === broken.endpoint.id)).toEqual([
        expect.objectContaining({
          owner: user,
          consecutiveFailures: 3,
          reason: expect.stringMatching(/HTTP 500|circuit of backend "webhook:ep_/),
        }),
      ]);
      const after = await notifier.notify(user, new InvoiceEvent('ping', { after: true }));
      expect(after.deliveries[0]).toMatchObject({ status: 'skipped' });
      // one breaker per endpoint: the failures above never held back another endpoint
      const other = await notifier.notify(fineUser, new InvoiceEvent('ping', { other: true }));
      expect(await settled(other.notificationId, 1)).toMatchObject({ sent: 1 });
      expect(await endpoints.get(fine.endpoint.id)).toMatchObject({ enabled: true });
      // enabled again, it is sent to again (its circuit breaker lets a trial through after its cooldown)
      await endpoints.enable(broken.endpoint.id);
      const back = await notifier.notify(user, new InvoiceEvent('ping', { back: true }));
      expect(back.deliveries).toEqual([
        expect.objectContaining({
          channel: 'webhook',
          status: expect.not.stringMatching(/^skipped$/),
        }),
      ]);
      await settled(back.notificationId, 1);
    });

    it('refuses bad input with typed errors naming the field, before anything is sent', async () => {
      await expect(notifier.notify('u-bad', new BadWebhook())).rejects.toMatchObject({
        name: NotifyArgumentError.name,
        field: 'BadWebhook.toWebhook().eventType',
      });
      await expect(
        endpoints.register({ owner: 'o', url: 'http://169.254.169.254/latest' }),
      ).resolves.toBeDefined(); // allowPrivateTargets is on in this app
      await expect(endpoints.register({ owner: 'o', url: 'gopher://x' })).rejects.toBeInstanceOf(
        WebhookEndpointError,
      );
      await expect(endpoints.register({ owner: '', url: receiver.url })).rejects.toMatchObject({
        field: 'owner',
      });
    });
  },
);

describe('outgoing webhooks without allowPrivateTargets', () => {
  const fakes = {} as NotifierFakes;
  let harness: NotifierTestApp;

  beforeAll(async () => {
    fakes.twilio = await new FakeTwilioServer().start();
    fakes.fcm = await new FakeFcmServer().start();
    fakes.sendgrid = await new FakeSendgridServer().start();
    harness = await startNotifierApp('sqlite', 'inline', fakes);
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.0.0.5/hook',
    'http://[::1]/hook',
  ])('refuses %s at registration (SSRF) and names the option', async (url) => {
    await expect(
      harness.app.get(WebhookEndpointsService).register({ owner: 'o', url }),
    ).rejects.toMatchObject({
      field: 'url',
      message: expect.stringMatching(/allowPrivateTargets/),
    });
  });
});
