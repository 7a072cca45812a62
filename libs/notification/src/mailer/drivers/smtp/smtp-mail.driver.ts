import type { MailAddress, MailMessage, SMTPDriverConfig } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import type { MailProviderDriver, MailDriverResult } from '../../mail-driver.interface.js';
import { normalizeAddress } from '../../mail-validation.util.js';
import { smtpDeliveryError } from './smtp-error.mapper.js';

type Nodemailer = typeof import('nodemailer');
type Transporter = import('nodemailer').Transporter<
  import('nodemailer/lib/smtp-pool/index.js').SentMessageInfo
>;

/**
 * SMTP through nodemailer (optional peer dependency, loaded when the driver is built):
 * a pool of connections, implicit TLS (`secure`) or STARTTLS (upgraded when
 * offered, required with `require_tls`), AUTH with `username`/`password`.
 */
export class SmtpMailDriver implements MailProviderDriver {
  readonly driver = 'smtp';
  private transporter?: Transporter;
  private readonly nodemailer: Nodemailer;

  /** Loads nodemailer here, so a missing package fails at bootstrap, naming it. */
  constructor(
    private readonly backend: string,
    private readonly config: SMTPDriverConfig,
  ) {
    this.nodemailer = requireOptional<Nodemailer>('nodemailer', 'The smtp mail driver');
  }

  async send(message: MailMessage): Promise<MailDriverResult> {
    const transporter = this.transport();
    try {
      const info = await transporter.sendMail({
        from: toNodemailer(message.from),
        to: message.to.map((a) => toNodemailer(a)),
        cc: message.cc?.map((a) => toNodemailer(a)),
        bcc: message.bcc?.map((a) => toNodemailer(a)),
        replyTo: toNodemailer(message.replyTo),
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: extraHeaders(message),
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          cid: a.contentId,
          contentDisposition: a.contentId ? ('inline' as const) : ('attachment' as const),
        })),
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      const accepted = (info.accepted ?? []).map(String);
      const rejected = (info.rejected ?? []).map(String);
      if (accepted.length === 0)
        throw Object.assign(new Error('every recipient was rejected'), {
          responseCode: 550,
          rejected,
        });
      return { messageId: info.messageId, accepted, rejected };
    } catch (error) {
      throw smtpDeliveryError(error, this.backend);
    }
  }

  close(): void {
    this.transporter?.close();
    this.transporter = undefined;
  }

  private transport(): Transporter {
    if (this.transporter) return this.transporter;
    const c = this.config;
    const timeoutMs = c.timeout * 1000;
    this.transporter = this.nodemailer.createTransport({
      host: c.host,
      port: c.port,
      secure: c.secure,
      requireTLS: c.requireTls,
      auth: c.username ? { user: c.username, pass: c.password ?? '' } : undefined,
      pool: c.pool,
      maxConnections: c.maxConnections,
      tls: { rejectUnauthorized: c.tlsRejectUnauthorized },
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as import('nodemailer/lib/smtp-pool/index.js').Options) as Transporter;
    return this.transporter;
  }
}

function toNodemailer(address: MailAddress): { name: string; address: string };
function toNodemailer(
  address: MailAddress | undefined,
): { name: string; address: string } | undefined;
function toNodemailer(
  address: MailAddress | undefined,
): { name: string; address: string } | undefined {
  if (address === undefined) return undefined;
  const { name, address: email } = normalizeAddress(address);
  return { name: name ?? '', address: email };
}

function extraHeaders(message: MailMessage): Record<string, string> {
  const headers: Record<string, string> = { ...message.headers };
  if (message.tags?.length) headers['X-Herald-Tags'] = message.tags.join(', ');
  for (const [key, value] of Object.entries(message.metadata ?? {}))
    headers[`X-Herald-Meta-${key}`] = value;
  if (message.idempotencyKey) headers['X-Herald-Idempotency-Key'] = message.idempotencyKey;
  return headers;
}
