/** An address, either `a@b.c` or `{ name, address }`. */
export type MailAddress = string | { name?: string; address: string };

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
  /** Set for inline images referenced from HTML as `cid:<contentId>`. */
  contentId?: string;
}

/** A fully built email, as produced by `Mailable#build()`. */
export interface MailMessage {
  from?: MailAddress;
  to: MailAddress[];
  cc?: MailAddress[];
  bcc?: MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  tags?: string[];
  metadata?: Record<string, string>;
  idempotencyKey?: string;
}

export interface MailSendResult {
  messageId: string;
  backend: string;
  accepted: string[];
  rejected: string[];
}

/** Anything a mailer can send: a message, or a builder that produces one. */
export type Sendable = MailMessage | { build(): MailMessage | Promise<MailMessage> };

/** A mail backend (bound under `MAILER` or `getMailerToken(name)`). Failures reject with a `DeliveryError`. */
export interface MailerProtocol {
  readonly name: string;
  send(mail: Sendable): Promise<MailSendResult>;
}
