import { FakeSendgridServer } from '../../../testing/servers/fake-sendgrid.server.js';
import { Mailable } from '../../mailable.js';
import {
  INLINE_LOGO,
  PROVIDER_UNAVAILABLE,
  rateLimited,
  TEXT_ATTACHMENT,
  useFakeMailProvider,
} from '../__fixtures__/fake-mail-provider.harness.js';

describe('sendgrid driver against the fake SendGrid v3 server', () => {
  const fake = useFakeMailProvider({
    start: () => new FakeSendgridServer().start(),
    driver: 'sendgrid',
    name: 'sg',
    settings: (sg) => ({ apiKey: sg.apiKey, baseUrl: sg.url }),
    clear: (sg) => sg.bouncing.clear(),
  });

  it('POSTs the v3 mail/send body with the Bearer key and returns X-Message-Id', async () => {
    const sg = fake.server;
    const result = await fake.mailer.send(
      new Mailable()
        .to({ name: 'Ada', address: 'ada@example.com' })
        .cc('carol@example.com')
        .bcc('audit@example.com')
        .replyTo('help@herald.test')
        .subject('Invoice {{n}}')
        .template({ html: '<p>Total: {{total}}</p><img src="cid:logo">' }, { n: 7, total: '<42>' })
        .attach(TEXT_ATTACHMENT)
        .embed(INLINE_LOGO)
        .header('X-Campaign', 'billing')
        .tag('invoice')
        .metadata('invoiceId', '7')
        .idempotencyKey('inv-7'),
    );
    expect(result).toMatchObject({
      backend: 'sg',
      messageId: expect.any(String),
      accepted: ['ada@example.com', 'carol@example.com', 'audit@example.com'],
    });
    expect(result.messageId.length).toBeGreaterThan(5);
    const [req] = sg.received;
    expect(req.headers.authorization).toBe(`Bearer ${sg.apiKey}`);
    expect(sg.idempotencyCounts.get('inv-7')).toBe(1);
    expect(sg.mails[0]).toEqual({
      personalizations: [
        {
          to: [{ email: 'ada@example.com', name: 'Ada' }],
          cc: [{ email: 'carol@example.com' }],
          bcc: [{ email: 'audit@example.com' }],
        },
      ],
      from: { email: 'noreply@herald.test', name: 'Herald' },
      reply_to: { email: 'help@herald.test' },
      subject: 'Invoice 7',
      content: [
        { type: 'text/plain', value: 'Total: <42>' },
        { type: 'text/html', value: '<p>Total: &lt;42&gt;</p><img src="cid:logo">' },
      ],
      headers: { 'X-Campaign': 'billing' },
      categories: ['invoice'],
      custom_args: { invoiceId: '7' },
      attachments: [
        {
          content: Buffer.from('hello').toString('base64'),
          filename: 'a.txt',
          type: 'text/plain',
          disposition: 'attachment',
        },
        {
          content: 'AQID',
          filename: 'logo.png',
          type: 'image/png',
          disposition: 'inline',
          content_id: 'logo',
        },
      ],
    });
  });

  it('maps a bounced address to invalid_recipient and a bad key to auth (permanent)', async () => {
    fake.server.bouncing.add('gone@example.com');
    const bounce = await fake.settle({ to: ['gone@example.com'], subject: 's', text: 't' });
    expect(bounce).toMatchObject({ reason: 'invalid_recipient', permanent: true, statusCode: 400 });
    expect(bounce.message).toContain('personalizations.0.to');
    await fake.remake({ apiKey: 'SG.wrong' });
    const auth = await fake.settle();
    expect(auth).toMatchObject({ reason: 'auth', permanent: true, statusCode: 401 });
    expect(auth.message).not.toContain('SG.wrong');
  });

  it('maps 413 to permanent, 429 with Retry-After and 5xx to transient', async () => {
    fake.server
      .failNext(413)
      .failNext({ status: 429, headers: { 'Retry-After': '2' } })
      .failNext(500);
    expect(await fake.settle()).toMatchObject({ reason: 'payload_too_large', permanent: true });
    expect(await fake.settle()).toMatchObject(rateLimited(2000));
    expect(await fake.settle()).toMatchObject(PROVIDER_UNAVAILABLE);
  });

  it('refuses header injection before any request', async () => {
    const error = await fake.settle({
      to: ['a@example.com'],
      subject: 'x\nBcc: v@example.com',
      text: 't',
    });
    expect(error).toMatchObject({ reason: 'bad_request', permanent: true });
    expect(fake.server.received).toHaveLength(0);
  });
});
