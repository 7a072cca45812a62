import { NamedMailerConfig } from '@herald/contracts';
import { FakePostmarkServer } from '../../../testing/servers/fake-postmark.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { createMailerChannel } from '../../create-mailer-channel.js';
import { Mailable } from '../../mailable.js';
import type { MailerChannel } from '../../mailer-channel.js';

describe('postmark driver against the fake Postmark server', () => {
  let pm: FakePostmarkServer;
  let mailer: MailerChannel;
  const make = (postmark: Record<string, unknown> = {}) =>
    createMailerChannel(
      new NamedMailerConfig({
        name: 'pm',
        driver: 'postmark',
        fromEmail: 'noreply@herald.test',
        fromName: 'Herald',
        postmark: { serverToken: pm.serverToken, baseUrl: pm.url, timeout: 2, ...postmark },
      }).validate(),
      new DeliveryTelemetry(),
    );
  const plain = { to: ['a@example.com'], subject: 's', text: 't' };

  beforeAll(async () => {
    pm = await new FakePostmarkServer().start();
  });
  afterAll(() => pm.stop());
  beforeEach(() => {
    pm.reset();
    pm.inactive.clear();
    mailer = make();
  });
  afterEach(() => mailer.close());

  it('POSTs /email with X-Postmark-Server-Token and returns the MessageID', async () => {
    mailer.close();
    mailer = make({ messageStream: 'broadcast' });
    const result = await mailer.send(
      new Mailable()
        .to({ name: 'Ada, L.', address: 'ada@example.com' })
        .cc('carol@example.com')
        .bcc('audit@example.com')
        .replyTo('help@herald.test')
        .subject('Invoice')
        .html('<p>Total</p><img src="cid:logo">')
        .text('Total')
        .attach({ filename: 'a.txt', content: 'hello', contentType: 'text/plain' })
        .embed({
          filename: 'logo.png',
          content: Buffer.from([1, 2, 3]),
          contentType: 'image/png',
          contentId: 'logo',
        })
        .header('X-Campaign', 'billing')
        .tag('invoice')
        .metadata('invoiceId', '7'),
    );
    expect(result).toMatchObject({
      backend: 'pm',
      messageId: pm.messageIds[0],
      accepted: ['ada@example.com', 'carol@example.com', 'audit@example.com'],
    });
    expect(pm.received[0].path).toBe('/email');
    expect(pm.received[0].headers['x-postmark-server-token']).toBe(pm.serverToken);
    expect(pm.mails[0]).toEqual({
      From: '"Herald" <noreply@herald.test>',
      To: '"Ada, L." <ada@example.com>',
      Cc: 'carol@example.com',
      Bcc: 'audit@example.com',
      ReplyTo: 'help@herald.test',
      Subject: 'Invoice',
      HtmlBody: '<p>Total</p><img src="cid:logo">',
      TextBody: 'Total',
      Headers: [{ Name: 'X-Campaign', Value: 'billing' }],
      Tag: 'invoice',
      Metadata: { invoiceId: '7' },
      Attachments: [
        {
          Name: 'a.txt',
          Content: Buffer.from('hello').toString('base64'),
          ContentType: 'text/plain',
        },
        { Name: 'logo.png', Content: 'AQID', ContentType: 'image/png', ContentID: 'cid:logo' },
      ],
      MessageStream: 'broadcast',
    });
  });

  it('maps ErrorCode 406 (inactive) and an invalid address to invalid_recipient, a bad token to auth', async () => {
    pm.inactive.add('gone@example.com');
    const inactive = await mailer.send({ ...plain, to: ['gone@example.com'] }).catch((e) => e);
    expect(inactive).toMatchObject({
      reason: 'invalid_recipient',
      permanent: true,
      statusCode: 422,
      providerCode: 'ErrorCode 406',
    });
    expect(inactive.message).toContain('inactive');
    const invalid = await mailer.send({ ...plain, to: ['no-at-sign.example.com'] }).catch((e) => e);
    // Herald's own validation refuses it before Postmark sees it
    expect(invalid).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(pm.received).toHaveLength(1);
    mailer.close();
    mailer = make({ serverToken: 'wrong-token' });
    const auth = await mailer.send(plain).catch((e) => e);
    expect(auth).toMatchObject({
      reason: 'auth',
      permanent: true,
      statusCode: 401,
      providerCode: 'ErrorCode 10',
    });
    expect(auth.message).not.toContain('wrong-token');
  });

  it('maps ErrorCode 300 to bad_request, 429 with Retry-After and 5xx to transient', async () => {
    pm.failNext({ status: 422, body: { ErrorCode: 300, Message: 'Invalid email request' } })
      .failNext({ status: 429, headers: { 'Retry-After': '3' } })
      .failNext(503);
    const send = () => mailer.send(plain).catch((e) => e);
    expect(await send()).toMatchObject({
      reason: 'bad_request',
      permanent: true,
      providerCode: 'ErrorCode 300',
    });
    expect(await send()).toMatchObject({
      reason: 'rate_limited',
      permanent: false,
      retryAfterMs: 3000,
    });
    expect(await send()).toMatchObject({ reason: 'provider_unavailable', permanent: false });
  });
});
