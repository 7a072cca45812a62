import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { MAILER, SMS_CHANNEL, type MetricLabels } from '@herald/contracts';
import { NoopMetricsCollector } from '@herald/observability';
import { PushPayloadTooLargeError } from '../errors/push-payload-too-large.error.js';
import type { InMemoryMailer } from '../memory/in-memory-mailer.js';
import type { InMemorySmsChannel } from '../memory/in-memory-sms-channel.js';
import { notifierTestApp } from '../notifier/__fixtures__/notifier-test-app.js';
import { Notification, type RenderContext } from '../notifier/notification.js';
import { NotifierService } from '../notifier/notifier.service.js';
import { MissingRenderMethodError } from '../notifier/errors/missing-render-method.error.js';
import { NotificationPreviewService } from '../notifier/preview/notification-preview.service.js';
import { Notifier } from '../notifier/notifier.facade.js';
import { NotificationTemplatesModule } from './notification-templates.module.js';
import { TemplateVariableError } from './errors/template-variable.error.js';

const DIR = join(__dirname, '__fixtures__', 'templates');

class Customer {
  constructor(
    readonly id: string,
    readonly phone: string,
    readonly email: string,
    private readonly language?: string,
    readonly locale?: string,
  ) {}
  preferredLocale() {
    return this.language;
  }
}

class OrderShipped extends Notification<Customer> {
  override readonly template = 'order-shipped';
  constructor(private readonly items: number) {
    super();
  }
  via() {
    return ['sms', 'mail'];
  }
  override templateData(customer: Customer) {
    const eta = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
    return {
      name: customer.id,
      shop: 'Herald',
      order: {
        id: 'A-9',
        items: this.items,
        total: 10,
        carrier: 'ups',
        shippedAt: new Date().toISOString(),
        eta,
        url: 'https://shop.example/o/A-9',
      },
    };
  }
}

/** Inline text, in the recipient's locale through the render context. */
class Greeting extends Notification<Customer> {
  seen: RenderContext[] = [];
  via() {
    return ['sms'];
  }
  toSms(_: Customer, context: RenderContext) {
    this.seen.push(context);
    return context.t('order.greeting', { name: 'Ada' });
  }
}

class Long extends Notification<Customer> {
  constructor(private readonly body: string) {
    super();
  }
  via() {
    return ['sms'];
  }
  toSms() {
    return this.body;
  }
}

class Big extends Notification<Customer> {
  via() {
    return ['push'];
  }
  toPush() {
    return { title: 'x', body: 'y'.repeat(5000) };
  }
}

/** A push render that returned nothing: no size to check, the push channel's own error. */
class NoPush extends Notification<Customer> {
  via() {
    return ['push'];
  }
  toPush() {
    return undefined as never;
  }
}

class Counting extends NoopMetricsCollector {
  readonly counts = new Map<string, number>();
  override increment(name: string, value = 1, tags: MetricLabels = {}): void {
    const key = `${name}${JSON.stringify(tags)}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + value);
  }
}

describe('NotifierModule with NotificationTemplatesModule', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let sms: InMemorySmsChannel;
  let mailer: InMemoryMailer;
  const metrics = new Counting();

  beforeAll(async () => {
    app = await notifierTestApp(
      { smsSegmentWarning: 2 },
      {},
      {
        imports: [NotificationTemplatesModule.forRoot({ dir: DIR, defaultLocale: 'en' })],
        metrics,
      },
    );
    notifier = app.get(NotifierService);
    sms = app.get(SMS_CHANNEL);
    mailer = app.get(MAILER);
  });
  afterAll(() => app.close());

  it('renders each recipient in their locale: preferredLocale(), else locale, else the default', async () => {
    await notifier.notify(
      [
        new Customer('de-user', '+15550000001', 'de@example.com', 'de'),
        new Customer('ja-user', '+15550000002', 'ja@example.com', undefined, 'ja'),
        new Customer('xx-user', '+15550000003', 'xx@example.com'),
      ],
      new OrderShipped(2),
    );
    expect(sms.sentTo('+15550000001')[0].body).toBe(
      'Bestellung A-9 versandt: 2 Artikel, Ankunft übermorgen.',
    );
    expect(sms.sentTo('+15550000002')[0].body).toMatch(/^ご注文A-9を発送しました（2点）。/);
    expect(sms.sentTo('+15550000003')[0].body).toBe(
      'Order A-9 shipped: 2 items, arrives in 2 days.',
    );
    const mail = mailer.sent.find((m) =>
      m.to.some((t) => JSON.stringify(t).includes('de@example.com')),
    )!;
    expect(mail.subject).toBe('Ihre Bestellung A-9 wurde versandt');
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain('Hallo de-user,');
  });

  it('an on-demand recipient renders in its withLocale() (Arabic)', async () => {
    await notifier.notify(
      Notifier.route('sms', '+15550000004').withLocale('ar'),
      new OrderShipped(1),
    );
    expect(sms.sentTo('+15550000004')[0].body).toContain('تم شحن الطلب A-9');
  });

  it('falls back pt-BR → pt → default', async () => {
    await notifier.notify(
      new Customer('pt', '+15550000005', 'pt@example.com', 'pt-BR'),
      new OrderShipped(1),
    );
    // messages/pt.json has the SMS text; pt-BR has no file of its own
    expect(sms.sentTo('+15550000005')[0].body).toBe(
      'Pedido A-9 enviado: 1 item, chega depois de amanhã.',
    );
  });

  it('gives render methods the locale, time zone and t()', async () => {
    const greeting = new Greeting();
    await notifier.notify(new Customer('g', '+15550000006', 'g@example.com', 'de'), greeting);
    expect(greeting.seen[0]).toMatchObject({ locale: 'de' });
    expect(sms.sentTo('+15550000006')[0].body).toBe('Hallo Ada,');
  });

  it('a missing variable fails notify() with a TemplateVariableError before anything is sent', async () => {
    class Broken extends OrderShipped {
      override templateData(): ReturnType<OrderShipped['templateData']> {
        return { shop: 'Herald' } as never;
      }
    }
    const before = sms.sent.length;
    await expect(
      notifier.notify(new Customer('b', '+15550000007', 'b@example.com'), new Broken(1)),
    ).rejects.toMatchObject({ variable: 'order.id' });
    await expect(
      notifier.notify(new Customer('b', '+15550000007', 'b@example.com'), new Broken(1)),
    ).rejects.toBeInstanceOf(TemplateVariableError);
    expect(sms.sent.length).toBe(before);
  });

  it('counts SMS segments by encoding and warns above smsSegmentWarning without the number', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await notifier.notify(
        new Customer('l', '+15550000008', 'l@example.com'),
        new Long('ü'.repeat(200)),
      );
      await notifier.notify(
        new Customer('l', '+15550000008', 'l@example.com'),
        new Long('ç'.repeat(150)),
      );
      expect(
        metrics.counts.get(
          'herald_notification_sms_segments_total{"type":"Long","encoding":"GSM-7"}',
        ),
      ).toBe(2);
      expect(
        metrics.counts.get(
          'herald_notification_sms_segments_total{"type":"Long","encoding":"UCS-2"}',
        ),
      ).toBe(3);
      const messages = warn.mock.calls.map((c) => String(c[0]));
      expect(messages).toEqual([expect.stringContaining('Long: the SMS is 3 segments (UCS-2')]);
      expect(messages.join()).not.toContain('+15550000008');
    } finally {
      warn.mockRestore();
    }
  });

  it('previews a channel in a chosen locale without sending it', async () => {
    const preview = app.get(NotificationPreviewService);
    const before = sms.sent.length;
    const customer = new Customer('p', '+15550000009', 'p@example.com', 'en');
    const de = await preview.render(new OrderShipped(2), customer, 'sms', 'de');
    expect(de).toMatchObject({
      channel: 'sms',
      locale: 'de',
      content: { body: 'Bestellung A-9 versandt: 2 Artikel, Ankunft übermorgen.' },
      sms: { encoding: 'GSM-7', segments: 1 },
    });
    const ar = await preview.render(new OrderShipped(2), customer, 'sms', 'ar');
    expect(ar.sms).toMatchObject({ encoding: 'UCS-2' });
    const mail = await preview.render(new OrderShipped(2), customer, 'mail');
    expect(mail).toMatchObject({
      locale: 'en',
      content: { subject: 'Your order A-9 has shipped' },
    });
    // a preview shows an oversized payload (notify() refuses it)
    const push = await preview.render(new Big(), customer, 'push');
    expect(push.push!.apns).toBeGreaterThan(4096);
    expect(sms.sent.length).toBe(before);
    await expect(preview.render(new OrderShipped(2), customer, 'chat')).rejects.toBeInstanceOf(
      MissingRenderMethodError,
    );
  });

  it('a push payload over 4 KB is a PushPayloadTooLargeError at notify()', async () => {
    await expect(
      notifier.notify(Notifier.route('push', 'tok-1'), new Big()),
    ).rejects.toBeInstanceOf(PushPayloadTooLargeError);
  });

  it('a push render that returned no object is not measured: notify() answers without a TypeError', async () => {
    const outcome = await notifier.notify(Notifier.route('push', 'tok-1'), new NoPush()).then(
      (result) => result,
      (error: unknown) => error,
    );
    expect(outcome).not.toBeInstanceOf(TypeError);
  });
});
