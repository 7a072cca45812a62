import { FakeResendServer } from '../../../testing/servers/fake-resend.server.js';
import { Mailable } from '../../mailable.js';
import {
  INLINE_LOGO,
  PLAIN_MAIL as plain,
  PROVIDER_UNAVAILABLE,
  rateLimited,
  useFakeMailProvider,
} from '../__fixtures__/fake-mail-provider.harness.js';

describe('resend driver against the fake Resend server', () => {
  const fake = useFakeMailProvider({
    start: () => new FakeResendServer().start(),
    driver: 'resend',
    name: 'rs',
    settings: (rs) => ({ apiKey: rs.apiKey, baseUrl: rs.url }),
  });

  it('POSTs /emails with the Bearer key and Idempotency-Key, and returns the id', async () => {
    const rs = fake.server;
    const mail = new Mailable()
      .to({ name: 'Ada', address: 'ada@example.com' })
      .bcc('audit@example.com')
      .replyTo('help@herald.test')
      .subject('Invoice')
      .html('<img src="cid:logo">')
      .text('Total')
      .embed(INLINE_LOGO)
      .header('X-Campaign', 'billing')
      .tag('invoice')
      .metadata('invoiceId', '7')
      .idempotencyKey('inv-7');
    const result = await fake.mailer.send(mail);
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
    expect((await fake.mailer.send(mail)).messageId).toBe(result.messageId);
    expect(rs.idempotencyCounts.get('inv-7')).toBe(2);
    expect(rs.messageIds).toHaveLength(1);
  });

  it('maps 422 validation_error to bad_request, 401/403 to auth/forbidden', async () => {
    const tag = await fake.settle({ ...plain, tags: ['no spaces allowed'] });
    expect(tag).toMatchObject({
      reason: 'bad_request',
      permanent: true,
      statusCode: 422,
      providerCode: 'validation_error',
    });
    await fake.remake({ apiKey: 're_wrong' });
    const forbidden = await fake.settle();
    expect(forbidden).toMatchObject({
      reason: 'forbidden',
      permanent: true,
      providerCode: 'invalid_api_key',
    });
    expect(forbidden.message).not.toContain('re_wrong');
  });

  it('maps 429 with retry-after to rate_limited and 5xx to transient', async () => {
    fake.server.failNext({ status: 429, headers: { 'retry-after': '1' } }).failNext(502);
    expect(await fake.settle()).toMatchObject({
      ...rateLimited(1000),
      providerCode: 'rate_limit_exceeded',
    });
    expect(await fake.settle()).toMatchObject(PROVIDER_UNAVAILABLE);
  });
});
