import { Test } from '@nestjs/testing';
import {
  DELIVERY_STORE,
  Notification,
  NotificationModule,
  NotificationWebhooksModule,
  NotifierService,
  TwilioWhatsAppChannel,
  twilioWhatsAppChannel,
  WhatsAppSessionWindowError,
  type DeliveryRecord,
  type DeliveryStore,
  type WhatsAppContent,
} from '@herald/notification';
import { NotifierModule } from '@herald/notification/notifier';
import { FakeTwilioServer } from '@herald/notification/testing';
import { until } from './helpers/notifier-app.js';
import {
  deliveryAppBase,
  INLINE_DELIVERY,
  listenForWebhookApp,
  type WebhookAppServer,
} from './helpers/webhook-app-server.js';

interface User {
  id: string;
  phone?: string;
  routes?: Record<string, string>;
}

const TEMPLATE = `HX${'a1'.repeat(16)}`;

class OrderShipped extends Notification<User> {
  constructor(readonly content: WhatsAppContent) {
    super();
  }
  via() {
    return ['whatsapp'];
  }
  toWhatsApp(): WhatsAppContent {
    return this.content;
  }
}

describe('WhatsApp through Twilio (notifier channel, content templates, session window, signed status callbacks)', () => {
  const twilio = new FakeTwilioServer();
  let http: WebhookAppServer;
  let notifier: NotifierService;
  let store: DeliveryStore;
  let seq = 0;

  beforeAll(async () => {
    await twilio.start();
    twilio.contentTemplates.set(TEMPLATE, 'Hi {{1}}, order {{2}} has shipped.');
    http = await listenForWebhookApp();
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...deliveryAppBase(),
        NotificationModule.forRoot({
          delivery: INLINE_DELIVERY,
        }),
        NotifierModule.forRoot(
          { store: 'database' },
          {
            channels: [
              twilioWhatsAppChannel({
                accountSid: twilio.accountSid,
                authToken: twilio.authToken,
                from: '+14155238886',
                baseUrl: twilio.url,
                statusCallbackUrl: `${http.url}/webhooks/twilio/status`,
              }),
            ],
          },
        ),
        NotificationWebhooksModule.forRoot({ twilio: { authToken: twilio.authToken } }),
      ],
    }).compile();
    const app = await http.serve(moduleRef);
    notifier = app.get(NotifierService);
    store = app.get(DELIVERY_STORE);
  });
  afterAll(async () => {
    await http?.close();
    await twilio.stop();
  });

  async function notify(content: WhatsAppContent, user: Partial<User> = {}) {
    const n = ++seq;
    const recipient: User = {
      id: `wa-${n}`,
      phone: `+1555010${String(n).padStart(4, '0')}`,
      ...user,
    };
    const { notificationId } = await notifier.notify(recipient, new OrderShipped(content));
    let records: DeliveryRecord[] = [];
    await until(async () => {
      records = await notifier.deliveries(notificationId);
      return (
        records.length === 1 && ['sent', 'failed', 'dead', 'skipped'].includes(records[0].status)
      );
    });
    return { recipient, record: records[0] };
  }

  it('sends an approved template as ContentSid + ContentVariables to whatsapp:+E164, and a signed callback moves it to delivered', async () => {
    const { recipient, record } = await notify({
      contentSid: TEMPLATE,
      contentVariables: { '1': 'Ada', '2': 'O-1' },
    });
    expect(record).toMatchObject({ channel: 'whatsapp', status: 'sent' });
    expect(record.providerMessageId).toMatch(/^SM/);
    const sent = twilio.messages.at(-1)!;
    expect(sent).toMatchObject({
      To: `whatsapp:${recipient.phone}`,
      From: 'whatsapp:+14155238886',
      ContentSid: TEMPLATE,
      StatusCallback: `${http.url}/webhooks/twilio/status`,
      Body: 'Hi Ada, order O-1 has shipped.',
    });
    expect(JSON.parse(sent.ContentVariables)).toEqual({ '1': 'Ada', '2': 'O-1' });
    const answer = await twilio.sendStatusCallback(record.providerMessageId!, 'delivered');
    expect(answer.status).toBe(200);
    expect((await store.get(record.id))?.status).toBe('delivered');
    const failed = await notify({ contentSid: TEMPLATE, contentVariables: { '1': 'Bo' } });
    await twilio.sendStatusCallback(failed.record.providerMessageId!, 'undelivered', {
      errorCode: 63024,
    });
    expect(await store.get(failed.record.id)).toMatchObject({
      status: 'failed',
      providerReason: 'Twilio error 63024 (undelivered)',
    });
  });

  it('uses routes.whatsapp over the phone number', async () => {
    const { record } = await notify(
      { contentSid: TEMPLATE, contentVariables: { '1': 'Cy', '2': 'O-3' } },
      { routes: { whatsapp: '+447700900123' } },
    );
    expect(record.status).toBe('sent');
    expect(twilio.messages.at(-1)?.To).toBe('whatsapp:+447700900123');
  });

  it('sends free-form Body inside the 24-hour window; outside it fails at once, naming the template to use', async () => {
    twilio.whatsappSessions.add('+15550199999');
    const inside = await notify({ body: 'Thanks for your message!' }, { phone: '+15550199999' });
    expect(inside.record.status).toBe('sent');
    expect(twilio.messages.at(-1)).toMatchObject({ Body: 'Thanks for your message!' });
    expect(twilio.messages.at(-1)?.ContentSid).toBeUndefined();
    const before = twilio.received.length;
    const outside = await notify({ body: 'Your order shipped' });
    expect(outside.record.status).toMatch(/failed|dead/);
    expect(outside.record.lastError).toContain('63016');
    expect(outside.record.lastError).toContain('approved content template');
    // permanent: not retried
    expect(twilio.received.length - before).toBe(1);
  });

  it('refuses content it cannot send before any request, naming the field', async () => {
    const before = twilio.received.length;
    const badSid = await notify({ contentSid: 'HX123' });
    expect(badSid.record.lastError).toContain('contentSid');
    const badVars = await notify({
      contentSid: TEMPLATE,
      contentVariables: { '1': 5 } as unknown as Record<string, string>,
    });
    expect(badVars.record.lastError).toContain('contentVariables');
    const nothing = await notify({} as WhatsAppContent);
    expect(nothing.record.lastError).toContain('toWhatsApp() must return');
    const noNumber = await notify({ contentSid: TEMPLATE }, { phone: 'not a number' });
    expect(noNumber.record.lastError).toContain('E.164');
    expect(twilio.received.length).toBe(before);
  });

  it('maps 63016 to WhatsAppSessionWindowError and validates its options without the token', async () => {
    const channel = new TwilioWhatsAppChannel({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+14155238886',
      baseUrl: twilio.url,
    });
    const context = {
      notificationId: 'n',
      deliveryId: 'd',
      notificationType: 't',
      category: 'c',
      address: '+15550100000',
      idempotencyKey: 'k',
    };
    await expect(channel.send({ id: 'x' }, { body: 'hi' }, context)).rejects.toBeInstanceOf(
      WhatsAppSessionWindowError,
    );
    await expect(
      channel.send({ id: 'x' }, { contentSid: `HX${'0'.repeat(32)}` }, context),
    ).rejects.toMatchObject({ providerCode: '21655', permanent: true });
    channel.onApplicationShutdown();
    expect(
      () =>
        new TwilioWhatsAppChannel({
          accountSid: '',
          authToken: 'secret-token-value',
          from: '14155238886',
          timeout: 0,
        }),
    ).toThrow(/accountSid[\s\S]*from[\s\S]*timeout/);
    try {
      new TwilioWhatsAppChannel({ accountSid: '', authToken: 'secret-token-value', from: 'x' });
    } catch (error) {
      expect(String(error)).not.toContain('secret-token-value');
    }
  });
});
