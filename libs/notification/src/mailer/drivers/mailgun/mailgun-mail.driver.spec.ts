import { FakeMailgunServer } from '../../../testing/servers/fake-mailgun.server.js';
import { Mailable } from '../../mailable.js';
import {
  INLINE_LOGO,
  PROVIDER_UNAVAILABLE,
  rateLimited,
  TEXT_ATTACHMENT,
  useFakeMailProvider,
} from '../__fixtures__/fake-mail-provider.harness.js';
import { MailgunMailDriver } from './mailgun-mail.driver.js';

describe('mailgun driver against the fake Mailgun server', () => {
  const fake = useFakeMailProvider({
    start: () => new FakeMailgunServer().start(),
    driver: 'mailgun',
    name: 'mg',
    settings: (mg) => ({ apiKey: mg.apiKey, domain: mg.domain, baseUrl: mg.url }),
    clear: (mg) => {
      mg.messages.length = 0;
    },
  });

  it('POSTs multipart/form-data to /v3/{domain}/messages with Basic api:<key>', async () => {
    const mg = fake.server;
    const result = await fake.mailer.send(
      new Mailable()
        .to({ name: 'Ada', address: 'ada@example.com' })
        .to('bob@example.com')
        .cc('carol@example.com')
        .replyTo('help@herald.test')
        .subject('Invoice')
        .html('<img src="cid:logo">')
        .text('Total')
        .attach(TEXT_ATTACHMENT)
        .embed(INLINE_LOGO)
        .header('X-Campaign', 'billing')
        .tag('invoice')
        .metadata('invoiceId', '7'),
    );
    expect(result.messageId).toBe(mg.messageIds[0]);
    expect(result.messageId).not.toMatch(/[<>]/);
    const [req] = mg.received;
    expect(req.path).toBe(`/v3/${mg.domain}/messages`);
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from(`api:${mg.apiKey}`).toString('base64')}`,
    );
    expect(mg.messages[0].fields).toEqual({
      from: ['"Herald" <noreply@herald.test>'],
      to: ['"Ada" <ada@example.com>', 'bob@example.com'],
      cc: ['carol@example.com'],
      subject: ['Invoice'],
      text: ['Total'],
      html: ['<img src="cid:logo">'],
      'h:Reply-To': ['help@herald.test'],
      'h:X-Campaign': ['billing'],
      'v:invoiceId': ['7'],
      'o:tag': ['invoice'],
    });
    expect(
      mg.messages[0].files.map((f) => [
        f.name,
        f.filename,
        f.contentType,
        f.value.toString('base64'),
      ]),
    ).toEqual([
      ['attachment', 'a.txt', 'text/plain', Buffer.from('hello').toString('base64')],
      ['inline', 'logo', 'image/png', 'AQID'],
    ]);
  });

  it('uses the EU host for region eu and the US host by default', () => {
    const url = (region?: string) =>
      (
        new MailgunMailDriver('x', {
          apiKey: 'k',
          domain: 'mg.example.com',
          region,
          timeout: 1,
        } as never) as unknown as { url: string }
      ).url;
    expect(url('eu')).toBe('https://api.eu.mailgun.net/v3/mg.example.com/messages');
    expect(url('us')).toBe('https://api.mailgun.net/v3/mg.example.com/messages');
  });

  it('maps 401 to auth, an unknown domain to bad_request, 429 and 5xx to transient', async () => {
    await fake.remake({ apiKey: 'key-wrong' });
    const auth = await fake.settle();
    expect(auth).toMatchObject({ reason: 'auth', permanent: true, statusCode: 401 });
    expect(auth.message).not.toContain('key-wrong');
    await fake.remake({ domain: 'other.example.com' });
    expect(await fake.settle()).toMatchObject({
      reason: 'bad_request',
      permanent: true,
      statusCode: 404,
    });
    await fake.remake();
    fake.server
      .failNext({ status: 400, body: { message: "'to' parameter is not a valid address" } })
      .failNext({ status: 429, headers: { 'Retry-After': '4' } })
      .failNext(500);
    expect(await fake.settle()).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(await fake.settle()).toMatchObject(rateLimited(4000));
    expect(await fake.settle()).toMatchObject(PROVIDER_UNAVAILABLE);
  });
});
