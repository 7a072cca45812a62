import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { getMailerToken, type MailerProtocol } from '@herald/contracts';
import {
  DELIVERY_STORE,
  SuppressionService,
  type DeliveryRecord,
  type DeliveryStore,
} from '@herald/notification';
import { generateWebhookSecret } from '@herald/notification/notifier';
import {
  FakeMailgunServer,
  FakePostmarkServer,
  FakeResendServer,
} from '@herald/notification/testing';
import { until } from './helpers/notifier-app.js';
import { startMailProvidersApp, type MailProvidersApp } from './helpers/mail-providers-app.js';

/**
 * Postmark, Mailgun and Resend over the real wire: Herald sends through each
 * fake, the fake posts its feedback (Basic auth, Mailgun HMAC, Svix
 * signature) to Herald's routes, and the delivery record and the
 * suppression list move; forged, old and replayed posts are refused with 403.
 */
describe('Postmark, Mailgun and Resend: send, feedback webhooks, suppression', () => {
  const postmark = new FakePostmarkServer();
  const mailgun = new FakeMailgunServer();
  const resend = new FakeResendServer();
  let harness: MailProvidersApp;
  let store: DeliveryStore;
  let suppressions: SuppressionService;
  let seq = 0;

  beforeAll(async () => {
    await Promise.all([postmark.start(), mailgun.start(), resend.start()]);
    harness = await startMailProvidersApp({ postmark, mailgun, resend });
    store = harness.app.get<DeliveryStore>(DELIVERY_STORE);
    suppressions = harness.app.get(SuppressionService);
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([postmark.stop(), mailgun.stop(), resend.stop()]);
  });

  /** Sends one mail through `backend`; its address and provider message id. */
  async function send(backend: string): Promise<{ address: string; id: string }> {
    const address = `reader${++seq}@example.com`;
    const mailer = harness.app.get<MailerProtocol>(getMailerToken(backend));
    const { messageId } = await mailer.send({ to: [address], subject: 'Hi', text: 'x' });
    return { address, id: messageId };
  }
  const record = (id: string): Promise<DeliveryRecord | undefined> =>
    store.findByProviderMessageId(id, 'mail');
  const statusOf = async (id: string) => (await record(id))?.status;
  const suppressed = async (address: string) =>
    (await suppressions.check({ channel: 'mail', address }))?.reason;

  describe('Postmark', () => {
    it('Delivery moves the record; a hard bounce suppresses; a soft bounce does not', async () => {
      const a = await send('postmark');
      expect(await statusOf(a.id)).toBe('sent');
      const answer = await postmark.sendEvent(postmark.event(a.id, 'Delivery'));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: 1, updated: 1 });
      expect(await statusOf(a.id)).toBe('delivered');

      const b = await send('postmark');
      await postmark.sendEvent(postmark.event(b.id, 'Bounce'));
      expect(await statusOf(b.id)).toBe('bounced');
      await until(async () => (await suppressed(b.address)) === 'hard_bounce');

      const c = await send('postmark');
      await postmark.sendEvent(
        postmark.event(c.id, 'Bounce', {
          Type: 'SoftBounce',
          TypeCode: 4096,
          Details: 'mailbox full',
        }),
      );
      expect(await statusOf(c.id)).toBe('failed');
      expect(await suppressed(c.address)).toBeUndefined();
    });

    it('SpamComplaint suppresses as a complaint; SubscriptionChange as an unsubscribe', async () => {
      const a = await send('postmark');
      await postmark.sendEvent(postmark.event(a.id, 'SpamComplaint'));
      expect(await statusOf(a.id)).toBe('complained');
      await until(async () => (await suppressed(a.address)) === 'complaint');
      const b = await send('postmark');
      const answer = await postmark.sendEvent(postmark.event(b.id, 'SubscriptionChange'));
      expect(answer.status).toBe(200);
      await until(async () => (await suppressed(b.address)) === 'unsubscribe');
      expect(await statusOf(b.id)).toBe('sent');
    });

    it('refuses missing or wrong Basic auth with 403 and changes nothing', async () => {
      const a = await send('postmark');
      const event = postmark.event(a.id, 'Bounce');
      expect((await postmark.sendEvent(event, { omitSignature: true })).status).toBe(403);
      const wrong = { username: postmark.webhookUsername, password: 'guess' };
      const refused = await postmark.sendEvent(event, { credentials: wrong });
      expect(refused.status).toBe(403);
      expect(refused.body).not.toContain(postmark.webhookPassword);
      expect(await statusOf(a.id)).toBe('sent');
    });
  });

  describe('Mailgun', () => {
    it('delivered, permanent failure (suppressed), temporary failure (left alone), complaint, unsubscribe', async () => {
      const a = await send('mailgun');
      expect((await mailgun.sendEvent(mailgun.event(a.id, 'delivered'))).status).toBe(200);
      expect(await statusOf(a.id)).toBe('delivered');

      const b = await send('mailgun');
      await mailgun.sendEvent(mailgun.event(b.id, 'failed', { severity: 'temporary' }));
      expect(await statusOf(b.id)).toBe('sent');
      await mailgun.sendEvent(mailgun.event(b.id, 'failed'));
      expect(await statusOf(b.id)).toBe('bounced');
      expect((await record(b.id))?.providerReason).toMatch(/^550 /);
      await until(async () => (await suppressed(b.address)) === 'hard_bounce');

      const c = await send('mailgun');
      await mailgun.sendEvent(mailgun.event(c.id, 'complained'));
      expect(await statusOf(c.id)).toBe('complained');
      await until(async () => (await suppressed(c.address)) === 'complaint');

      const d = await send('mailgun');
      await mailgun.sendEvent(mailgun.event(d.id, 'unsubscribed'));
      await until(async () => (await suppressed(d.address)) === 'unsubscribe');
    });

    it('refuses a wrong key, an old timestamp and a replayed token with 403', async () => {
      const a = await send('mailgun');
      const event = mailgun.event(a.id, 'failed');
      expect((await mailgun.sendEvent(event, { signWith: 'not-the-key' })).status).toBe(403);
      expect((await mailgun.sendEvent(event, { omitSignature: true })).status).toBe(403);
      const old = Math.floor(Date.now() / 1000) - 3600;
      expect((await mailgun.sendEvent(event, { timestamp: old })).status).toBe(403);
      expect(await statusOf(a.id)).toBe('sent');
      const token = 'f'.repeat(50);
      expect((await mailgun.sendEvent(mailgun.event(a.id, 'delivered'), { token })).status).toBe(
        200,
      );
      expect((await mailgun.sendEvent(event, { token })).status).toBe(403);
      expect(await statusOf(a.id)).toBe('delivered');
    });
  });

  describe('Resend', () => {
    it('delivered, bounced (Permanent suppressed, Transient not), complained; delivery_delayed changes nothing', async () => {
      const a = await send('resend');
      await resend.sendEvent(resend.event(a.id, 'email.delivery_delayed'));
      expect(await statusOf(a.id)).toBe('sent');
      const answer = await resend.sendEvent(resend.event(a.id, 'email.delivered'));
      expect(JSON.parse(answer.body)).toEqual({ received: 1, updated: 1 });
      expect(await statusOf(a.id)).toBe('delivered');

      const b = await send('resend');
      await resend.sendEvent(resend.event(b.id, 'email.bounced'), { headerPrefix: 'webhook' });
      expect(await statusOf(b.id)).toBe('bounced');
      await until(async () => (await suppressed(b.address)) === 'hard_bounce');

      const c = await send('resend');
      await resend.sendEvent(
        resend.event(c.id, 'email.bounced', {
          bounce: { type: 'Transient', subType: 'MailboxFull', message: 'mailbox full' },
        }),
      );
      expect(await statusOf(c.id)).toBe('bounced');
      expect(await suppressed(c.address)).toBeUndefined();

      const d = await send('resend');
      await resend.sendEvent(resend.event(d.id, 'email.complained'));
      await until(async () => (await suppressed(d.address)) === 'complaint');
    });

    it('refuses a wrong secret, a tampered body, an old timestamp and a replayed id with 403', async () => {
      const a = await send('resend');
      const event = resend.event(a.id, 'email.bounced');
      expect((await resend.sendEvent(event, { signWith: generateWebhookSecret() })).status).toBe(
        403,
      );
      expect((await resend.sendEvent(event, { omitSignature: true })).status).toBe(403);
      const tampered = await resend.sendEvent(resend.event(a.id, 'email.delivered'), {
        tamperBody: (body) => body.replace('email.delivered', 'email.bounced'),
      });
      expect(tampered.status).toBe(403);
      const old = Math.floor(Date.now() / 1000) - 600;
      expect((await resend.sendEvent(event, { timestamp: old })).status).toBe(403);
      expect(await statusOf(a.id)).toBe('sent');
      expect(
        (await resend.sendEvent(resend.event(a.id, 'email.delivered'), { id: 'msg_once' })).status,
      ).toBe(200);
      expect((await resend.sendEvent(event, { id: 'msg_once' })).status).toBe(403);
      expect(await statusOf(a.id)).toBe('delivered');
    });

    it('the fake signs as the standardwebhooks package verifies, and Herald accepts what that package signs', async () => {
      // what the fake posts, caught on a plain server and verified by the reference implementation
      let caught: { headers: IncomingHttpHeaders; body: string } | undefined;
      const catcher = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          caught = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
          res.end('{}');
        });
      });
      await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
      const catcherUrl = `http://127.0.0.1:${(catcher.address() as AddressInfo).port}/`;
      await resend.sendEvent(resend.event('x', 'email.delivered'), {
        url: catcherUrl,
        headerPrefix: 'webhook',
      });
      await new Promise<void>((resolve) => catcher.close(() => resolve()));
      const reference = new Webhook(resend.webhookSecret);
      expect(
        reference.verify(caught!.body, caught!.headers as Record<string, string>),
      ).toMatchObject({
        type: 'email.delivered',
      });
      expect(() =>
        reference.verify(`${caught!.body} `, caught!.headers as Record<string, string>),
      ).toThrow();

      // a request signed by the reference implementation reaches Herald and moves the record
      const a = await send('resend');
      const body = JSON.stringify(resend.event(a.id, 'email.delivered'));
      const now = new Date();
      const answer = await fetch(resend.webhookUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'svix-id': 'msg_reference',
          'svix-timestamp': String(Math.floor(now.getTime() / 1000)),
          'svix-signature': reference.sign('msg_reference', now, body),
        },
        body,
      });
      expect(answer.status).toBe(200);
      expect(await statusOf(a.id)).toBe('delivered');
    });
  });
});
