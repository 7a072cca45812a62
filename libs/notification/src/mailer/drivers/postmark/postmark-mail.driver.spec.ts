import { FakePostmarkServer } from '../../../testing/servers/fake-postmark.server.js';
import { Mailable } from '../../mailable.js';
import {
  INLINE_LOGO,
  PLAIN_MAIL as plain,
  PROVIDER_UNAVAILABLE,
  rateLimited,
  TEXT_ATTACHMENT,
  useFakeMailProvider,
} from '../__fixtures__/fake-mail-provider.harness.js';

describe('postmark driver against the fake Postmark server', () => {
  const fake = useFakeMailProvider({
    start: () => new FakePostmarkServer().start(),
    driver: 'postmark',
    name: 'pm',
    settings: (pm) => ({ serverToken: pm.serverToken, baseUrl: pm.url }),
    clear: (pm) => pm.inactive.clear(),
  });

  it('POSTs /email with X-Postmark-Server-Token and returns the MessageID', async () => {
    const pm = fake.server;
    const mailer = await fake.remake({ messageStream: 'broadcast' });
    const result = await mailer.send(
      new Mailable()
        .to({ name: 'Ada, L.', address: 'ada@example.com' })
        .cc('carol@example.com')
        .bcc('audit@example.com')
        .replyTo('help@herald.test')
        .subject('Invoice')
        .html('<p>Total</p><img src="cid:logo">')
        .text('Total')
        .attach(TEXT_ATTACHMENT)
        .embed(INLINE_LOGO)
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
    const pm = fake.server;
    pm.inactive.add('gone@example.com');
    const inactive = await fake.settle({ ...plain, to: ['gone@example.com'] });
    expect(inactive).toMatchObject({
      reason: 'invalid_recipient',
      permanent: true,
      statusCode: 422,
      providerCode: 'ErrorCode 406',
    });
    expect(inactive.message).toContain('inactive');
    const invalid = await fake.settle({ ...plain, to: ['no-at-sign.example.com'] });
    // Herald's own validation refuses it before Postmark sees it
    expect(invalid).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(pm.received).toHaveLength(1);
    await fake.remake({ serverToken: 'wrong-token' });
    const auth = await fake.settle();
    expect(auth).toMatchObject({
      reason: 'auth',
      permanent: true,
      statusCode: 401,
      providerCode: 'ErrorCode 10',
    });
    expect(auth.message).not.toContain('wrong-token');
  });

  it('maps ErrorCode 300 to bad_request, 429 with Retry-After and 5xx to transient', async () => {
    fake.server
      .failNext({ status: 422, body: { ErrorCode: 300, Message: 'Invalid email request' } })
      .failNext({ status: 429, headers: { 'Retry-After': '3' } })
      .failNext(503);
    expect(await fake.settle()).toMatchObject({
      reason: 'bad_request',
      permanent: true,
      providerCode: 'ErrorCode 300',
    });
    expect(await fake.settle()).toMatchObject(rateLimited(3000));
    expect(await fake.settle()).toMatchObject(PROVIDER_UNAVAILABLE);
  });
});
