import type { AddressInfo } from 'node:net';
import { Test, type TestingModule } from '@nestjs/testing';
import { SMTPServer } from 'smtp-server';
import { MAILER, getMailerToken, type MailerProtocol, type MailMessage } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { DeliveryError, InvalidMailError, MailerModule } from '@herald/notification';
import { FakeSendgridServer } from '@herald/notification/testing';
import { sendgridBackend } from './helpers/fake-backends.js';

type Patch = (message: MailMessage) => void;

const attachment = { filename: 'invoice.txt', content: 'total: 42', contentType: 'text/plain' };

/** Every field that ends up in a header line of the mail (SMTP) or of the request (SendGrid). */
const FIELDS: Array<[field: string, patch: (bad: string) => Patch]> = [
  ['subject', (bad) => (m) => void (m.subject = `Hi${bad}Bcc: victim@example.com`)],
  ['idempotencyKey', (bad) => (m) => void (m.idempotencyKey = `key-1${bad}X-Evil: 1`)],
  [
    'attachments[0].contentType',
    (bad) => (m) =>
      void (m.attachments = [{ ...attachment, contentType: `text/plain${bad}X-Evil: 1` }]),
  ],
  [
    'attachments[0].filename',
    (bad) => (m) => void (m.attachments = [{ ...attachment, filename: `a.txt${bad}X-Evil: 1` }]),
  ],
  [
    'attachments[0].contentId',
    (bad) => (m) => void (m.attachments = [{ ...attachment, contentId: `logo${bad}X-Evil: 1` }]),
  ],
  [
    'to[0].name',
    (bad) => (m) => void (m.to = [{ name: `Ada${bad}Bcc: v@x.io`, address: 'ada@example.com' }]),
  ],
  ['cc[0]', (bad) => (m) => void (m.cc = [`carol@example.com${bad}Bcc: v@x.io`])],
  ['replyTo', (bad) => (m) => void (m.replyTo = `support@herald.test${bad}Bcc: v@x.io`)],
  ['headers.X-Note', (bad) => (m) => void (m.headers = { 'X-Note': `a${bad}Bcc: v@x.io` })],
  ['metadata.userId', (bad) => (m) => void (m.metadata = { userId: `42${bad}Bcc: v@x.io` })],
  ['tags[0]', (bad) => (m) => void (m.tags = [`welcome${bad}Bcc: v@x.io`])],
];
const CHARACTERS: Array<[name: string, bad: string]> = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['NUL', '\0'],
];
const CASES = FIELDS.flatMap(([field, patch]) =>
  CHARACTERS.map(([name, bad]) => [field, name, patch(bad)] as const),
);

/**
 * CR, LF and NUL are refused in every field that becomes a header, before
 * anything leaves the process, with a typed error naming the field. The SMTP
 * server and the SendGrid fake see no connection at all.
 */
describe('mail header fields refuse CR, LF and NUL (real SMTP on loopback, SendGrid fake)', () => {
  let server: SMTPServer;
  let connections = 0;
  let sendgrid: FakeSendgridServer;
  let app: TestingModule;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, cb) {
        connections++;
        cb();
      },
      onData(stream, _session, cb) {
        stream.on('end', () => cb());
        stream.resume();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sendgrid = await new FakeSendgridServer().start();
    app = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        MailerModule.forRoot({
          backends: [
            {
              name: 'smtp',
              primary: true,
              driver: 'smtp',
              from_email: 'noreply@herald.test',
              smtp: {
                host: '127.0.0.1',
                port: (server.server.address() as AddressInfo).port,
                pool: false,
              },
            },
            sendgridBackend(sendgrid, false),
          ],
        }),
      ],
    }).compile();
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await sendgrid.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const message = (): MailMessage => ({
    to: ['ada@example.com'],
    subject: 'Hi',
    text: 'hello',
  });

  it('sends the same message when every field is clean (the oracle can see a send)', async () => {
    const clean: MailMessage = {
      ...message(),
      idempotencyKey: 'key-1',
      attachments: [{ ...attachment, contentId: 'logo' }],
      to: [{ name: 'Ada', address: 'ada@example.com' }],
      cc: ['carol@example.com'],
      replyTo: 'support@herald.test',
      headers: { 'X-Note': 'a' },
      metadata: { userId: '42' },
      tags: ['welcome'],
    };
    await app.get<MailerProtocol>(MAILER).send(clean);
    await app.get<MailerProtocol>(getMailerToken('sendgrid')).send(clean);
    expect(connections).toBe(1);
    expect(sendgrid.mails).toHaveLength(1);
    connections = 0;
    sendgrid.reset();
  });

  it.each(CASES)('refuses %s with %s, naming the field', async (field, _char, patch) => {
    for (const backend of ['smtp', 'sendgrid']) {
      const bad = message();
      patch(bad);
      const error = await app
        .get<MailerProtocol>(getMailerToken(backend))
        .send(bad)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidMailError);
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({ field, reason: 'bad_request', permanent: true, backend });
      expect((error as Error).message).toContain(`"${field}"`);
    }
    expect(connections).toBe(0);
    expect(sendgrid.received).toHaveLength(0);
  });
});
