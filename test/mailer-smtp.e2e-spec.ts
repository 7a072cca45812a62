import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { NamedMailerConfig } from '@herald/contracts';
import { DeliveryError, Mailable } from '@herald/notification';
import { createSelfSignedCertificate } from '@herald/notification/testing';
import { createMailerChannel } from '../libs/notification/src/mailer/create-mailer-channel.js';
import type { MailerChannel } from '../libs/notification/src/mailer/mailer-channel.js';
import { DeliveryTelemetry } from '../libs/notification/src/utils/delivery-telemetry.js';

interface Received {
  session: SMTPServerSession;
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

describe('smtp driver against a real SMTP server (STARTTLS + AUTH)', () => {
  const tls = createSelfSignedCertificate();
  const received: Received[] = [];
  let connections = 0;
  let rcptReply: { code: number; text: string } | undefined;
  let server: SMTPServer;
  let port: number;
  let mailer: MailerChannel;

  const makeMailer = (smtp: Record<string, unknown> = {}) =>
    createMailerChannel(
      new NamedMailerConfig({
        name: 'smtp',
        driver: 'smtp',
        fromEmail: 'noreply@herald.test',
        fromName: 'Herald',
        smtp: {
          host: '127.0.0.1',
          port,
          requireTls: true,
          tlsRejectUnauthorized: false,
          username: 'mailer',
          password: 's3cret',
          pool: true,
          timeout: 5,
          ...smtp,
        },
      }).validate(),
      new DeliveryTelemetry(),
    );

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      key: tls.key,
      cert: tls.cert,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onConnect(_session, cb) {
        connections++;
        cb();
      },
      onAuth(auth, session, cb) {
        if (!session.secure) return cb(new Error('STARTTLS first'));
        if (auth.username === 'mailer' && auth.password === 's3cret')
          return cb(null, { user: auth.username });
        return cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, cb) {
        if (rcptReply && address.address.startsWith('bounce')) {
          return cb(Object.assign(new Error(rcptReply.text), { responseCode: rcptReply.code }));
        }
        cb();
      },
      onData(stream, session, cb) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              session: { ...session },
              envelope: {
                from: (session.envelope.mailFrom as { address: string }).address,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              mail,
            });
            cb();
          })
          .catch(cb);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
    connections = 0;
    rcptReply = undefined;
    mailer = makeMailer();
  });
  afterEach(() => mailer.close());

  it('delivers a Mailable with both parts, attachments, inline image, headers and tags', async () => {
    const logo = Buffer.from('89504e470d0a1a0a', 'hex');
    const result = await mailer.send(
      new Mailable()
        .to({ name: 'Ada Lovelace', address: 'ada@example.com' })
        .cc('carol@example.com')
        .bcc('secret@example.com')
        .replyTo('support@herald.test')
        .subject('Welcome, {{name}}')
        .template(
          {
            html: '<h1>Hello {{name}}</h1><p>Your plan: <b>{{plan}}</b></p><img src="cid:logo@herald">',
          },
          { name: 'Ada', plan: '<Pro>' },
        )
        .attach({ filename: 'invoice.txt', content: 'total: 42', contentType: 'text/plain' })
        .embed({
          filename: 'logo.png',
          content: logo,
          contentType: 'image/png',
          contentId: 'logo@herald',
        })
        .header('X-Campaign', 'onboarding')
        .tag('welcome', 'onboarding')
        .metadata('userId', '42'),
    );
    expect(result).toMatchObject({
      backend: 'smtp',
      accepted: ['ada@example.com', 'carol@example.com', 'secret@example.com'],
      rejected: [],
    });
    expect(result.messageId).toMatch(/^<.+@.+>$/);

    expect(received).toHaveLength(1);
    const [{ session, envelope, mail }] = received;
    expect(session.secure).toBe(true); // upgraded with STARTTLS
    expect(session.user).toBe('mailer');
    expect(envelope).toEqual({
      from: 'noreply@herald.test',
      to: ['ada@example.com', 'carol@example.com', 'secret@example.com'],
    });
    expect(mail.subject).toBe('Welcome, Ada');
    expect(mail.from?.value).toEqual([{ name: 'Herald', address: 'noreply@herald.test' }]);
    expect((mail.to as any).value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect((mail.cc as any).value).toEqual([{ name: '', address: 'carol@example.com' }]);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.replyTo?.value[0].address).toBe('support@herald.test');
    expect(mail.headers.get('x-campaign')).toBe('onboarding');
    expect(mail.headers.get('x-herald-tags')).toBe('welcome, onboarding');
    expect(mail.headers.get('x-herald-meta-userid')).toBe('42');
    expect(mail.html).toContain('<h1>Hello Ada</h1>');
    expect(mail.html).toContain('<b>&lt;Pro&gt;</b>'); // escaped by the template engine
    expect(mail.text).toContain('HELLO ADA');
    expect(mail.text).toContain('Your plan: <Pro>');
    const invoice = mail.attachments.find((a) => a.filename === 'invoice.txt')!;
    expect(invoice.content.toString()).toBe('total: 42');
    expect(invoice.contentDisposition).toBe('attachment');
    const inline = mail.attachments.find((a) => a.filename === 'logo.png')!;
    expect(inline.contentId).toBe('<logo@herald>');
    expect(inline.contentDisposition).toBe('inline');
    expect(inline.content.equals(logo)).toBe(true);
  });

  it('reuses pooled connections across sends', async () => {
    await Promise.all(
      [1, 2, 3].map((i) => mailer.send({ to: [`u${i}@example.com`], subject: `n${i}`, text: 'x' })),
    );
    await mailer.send({ to: ['u4@example.com'], subject: 'n4', text: 'x' });
    expect(received).toHaveLength(4);
    expect(connections).toBeLessThanOrEqual(3);
  });

  it.each([
    ['subject', { subject: 'Hi\r\nBcc: victim@example.com' }],
    [
      'display name',
      { to: [{ name: 'Ada\nBcc: victim@example.com', address: 'ada@example.com' }] },
    ],
    ['address', { to: ['ada@example.com\r\nBcc: victim@example.com'] }],
    ['header value', { headers: { 'X-Note': 'a\r\nBcc: victim@example.com' } }],
    ['header name', { headers: { 'X-Note\r\nBcc': 'victim@example.com' } }],
  ])('refuses header injection in the %s before connecting', async (_what, patch) => {
    const error = await mailer
      .send({ to: ['ada@example.com'], subject: 'Hi', text: 'x', ...patch } as any)
      .catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ reason: 'bad_request', permanent: true, channel: 'mail' });
    expect(error.message).toMatch(/header injection refused/);
    expect(connections).toBe(0);
  });

  it('refuses invalid addresses before connecting', async () => {
    const error = await mailer
      .send({ to: ['not-an-address'], subject: 'Hi', text: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(error.message).toContain('"not-an-address"');
    expect(connections).toBe(0);
  });

  it('maps a wrong password to a permanent auth error that does not quote it', async () => {
    mailer = makeMailer({ password: 'wrong-password', pool: false });
    const error = await mailer
      .send({ to: ['ada@example.com'], subject: 'Hi', text: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ reason: 'auth', permanent: true, statusCode: 535 });
    expect(error.message).not.toContain('wrong-password');
  });

  it('maps SMTP 4xx to transient and 5xx to permanent errors', async () => {
    rcptReply = { code: 451, text: 'Temporary local problem' };
    const soft = await mailer
      .send({ to: ['bounce@example.com'], subject: 'Hi', text: 'x' })
      .catch((e) => e);
    expect(soft).toMatchObject({ permanent: false, statusCode: 451 });
    rcptReply = { code: 550, text: 'No such user' };
    const hard = await mailer
      .send({ to: ['bounce@example.com'], subject: 'Hi', text: 'x' })
      .catch((e) => e);
    expect(hard).toMatchObject({ reason: 'invalid_recipient', permanent: true, statusCode: 550 });
  });

  it('maps a refused connection to a transient connection error', async () => {
    mailer = makeMailer({ port: 1, pool: false, timeout: 2 });
    const error = await mailer
      .send({ to: ['ada@example.com'], subject: 'Hi', text: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ reason: 'connection', permanent: false });
  });
});
