import { NamedMailerConfig } from '@herald/contracts';
import { FakeResendServer } from '../../../testing/servers/fake-resend.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { createMailerChannel } from '../../create-mailer-channel.js';
import { Mailable } from '../../mailable.js';
import type { MailerChannel } from '../../mailer-channel.js';

describe('resend driver against the fake Resend server', () => {
  let rs: FakeResendServer;
  let mailer: MailerChannel;
  const make = (resend: Record<string, unknown> = {}) =>
    createMailerChannel(
      new NamedMailerConfig({
        name: 'rs',
        driver: 'resend',
        fromEmail: 'noreply@herald.test',
        fromName: 'Herald',
        resend: { apiKey: rs.apiKey, baseUrl: rs.url, timeout: 2, ...resend },
      }).validate(),
      new DeliveryTelemetry(),
    );
  const plain = { to: ['a@example.com'], subject: 's', text: 't' };

  beforeAll(async () => {
    rs = await new FakeResendServer().start();
  });
  afterAll(() => rs.stop());
  beforeEach(() => {
    rs.reset();
    mailer = make();
  });
  afterEach(() => mailer.close());

  it('POSTs /emails with the Bearer key and Idempotency-Key, and returns the id', async () => {
    const mail = new Mailable()
      .to({ name: 'Ada', address: 'ada@example.com' })
      .bcc('audit@example.com')
      .replyTo('help@herald.test')
      .subject('Invoice')
      .html('<img src="cid:logo">')
      .text('Total')
      .embed({
        filename: 'logo.png',
        content: Buffer.from([1, 2, 3]),
        contentType: 'image/png',
        contentId: 'logo',
      })
      .header('X-Campaign', 'billing')
      .tag('invoice')
      .metadata('invoiceId', '7')
      .idempotencyKey('inv-7');
    const result = await mailer.send(mail);
    expect(result.messageId).toBe(rs.messageIds[0]);
    expect(rs.received[0].headers.authorization).toBe(`Bearer ${rs.apiKey}`);
    expect(rs.mails[0]).toEqual({
      from: '"Herald" <noreply@herald.test>',
      to: ['"Ada" <ada@example.com>'],
      bcc: ['audit@example.com'],
      reply_to: ['help@herald.test'],
      subject: 'Invoice',
      html: '<img src="cid:logo">',
      text: 'Total',
      headers: { 'X-Campaign': 'billing' },
      tags: [
        { name: 'invoice', value: 'true' },
        { name: 'invoiceId', value: '7' },
      ],
      attachments: [
        { filename: 'logo.png', content: 'AQID', content_type: 'image/png', content_id: 'logo' },
      ],
    });
    // a retry with the same key gets the same email, not a second one
    expect((await mailer.send(mail)).messageId).toBe(result.messageId);
    expect(rs.idempotencyCounts.get('inv-7')).toBe(2);
    expect(rs.messageIds).toHaveLength(1);
  });

  it('maps 422 validation_error to bad_request, 401/403 to auth/forbidden', async () => {
    const tag = await mailer.send({ ...plain, tags: ['no spaces allowed'] }).catch((e) => e);
    expect(tag).toMatchObject({
      reason: 'bad_request',
      permanent: true,
      statusCode: 422,
      providerCode: 'validation_error',
    });
    mailer.close();
    mailer = make({ apiKey: 're_wrong' });
    const forbidden = await mailer.send(plain).catch((e) => e);
    expect(forbidden).toMatchObject({
      reason: 'forbidden',
      permanent: true,
      providerCode: 'invalid_api_key',
    });
    expect(forbidden.message).not.toContain('re_wrong');
  });

  it('maps 429 with retry-after to rate_limited and 5xx to transient', async () => {
    rs.failNext({ status: 429, headers: { 'retry-after': '1' } }).failNext(502);
    const send = () => mailer.send(plain).catch((e) => e);
    expect(await send()).toMatchObject({
      reason: 'rate_limited',
      permanent: false,
      retryAfterMs: 1000,
      providerCode: 'rate_limit_exceeded',
    });
    expect(await send()).toMatchObject({ reason: 'provider_unavailable', permanent: false });
  });
});
