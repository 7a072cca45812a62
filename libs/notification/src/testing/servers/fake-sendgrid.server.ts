import { randomBytes } from 'node:crypto';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server';

/**
 * SendGrid's v3 `POST /v3/mail/send` on 127.0.0.1: checks the Bearer API key
 * and the request body (personalizations, from, subject, content or
 * template, attachment encoding), answers 202 with `X-Message-Id`, or
 * SendGrid's `{ errors: [{ message, field, help }] }`. Addresses in
 * `bouncing` are refused as invalid.
 *
 * @example
 * const sg = await new FakeSendgridServer().start();
 * // mail backend: { driver: 'sendgrid', sendgrid: { apiKey: sg.apiKey, baseUrl: sg.url } }
 */
export class FakeSendgridServer extends FakeProviderServer {
  readonly apiKey: string;
  readonly bouncing = new Set<string>();

  constructor(apiKey = 'SG.test-key') {
    super();
    this.apiKey = apiKey;
  }

  /** Request bodies accepted, oldest first. */
  get mails(): any[] {
    return this.received.filter((r) => (r as any).accepted).map((r) => r.json);
  }

  protected override errorBody(status: number): unknown {
    return { errors: [{ message: `injected failure ${status}`, field: null, help: null }] };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (request.method !== 'POST' || request.path !== '/v3/mail/send')
      return sgError(404, 'Not found', null);
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return sgError(401, 'The provided authorization grant is invalid, expired, or revoked', null);
    }
    const mail = request.json;
    if (!mail) return sgError(400, 'Bad Request', null);
    const problems: Array<[string, string]> = [];
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    if (!Array.isArray(mail.personalizations) || mail.personalizations.length === 0)
      problems.push([
        'personalizations',
        'The personalizations field is required and must have at least one personalization.',
      ]);
    (mail.personalizations ?? []).forEach((p: any, i: number) => {
      if (!Array.isArray(p.to) || p.to.length === 0)
        problems.push([
          `personalizations.${i}.to`,
          'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
        ]);
      for (const field of ['to', 'cc', 'bcc']) {
        for (const a of p[field] ?? []) {
          if (!email.test(String(a?.email)))
            problems.push([`personalizations.${i}.${field}`, 'Does not contain a valid address.']);
          else if (this.bouncing.has(a.email))
            problems.push([
              `personalizations.${i}.${field}`,
              `The email address ${a.email} is on the bounce list.`,
            ]);
        }
      }
    });
    if (!mail.from || !email.test(String(mail.from.email)))
      problems.push(['from.email', 'The from email does not contain a valid address.']);
    if (!mail.template_id) {
      if (typeof mail.subject !== 'string' || mail.subject === '')
        problems.push(['subject', 'The subject is required.']);
      if (!Array.isArray(mail.content) || mail.content.length === 0)
        problems.push([
          'content',
          'Unless a valid template_id is provided, the content parameter is required.',
        ]);
      else if (
        mail.content[0].type !== 'text/plain' &&
        mail.content.some((c: any) => c.type === 'text/plain')
      )
        problems.push(['content', 'If present, text/plain must be first.']);
    }
    (mail.attachments ?? []).forEach((a: any, i: number) => {
      if (!a.filename)
        problems.push([
          `attachments.${i}.filename`,
          'The attachment filename parameter is required.',
        ]);
      if (typeof a.content !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(a.content))
        problems.push([
          `attachments.${i}.content`,
          'The attachment content must be base64 encoded.',
        ]);
      if (a.disposition === 'inline' && !a.content_id)
        problems.push([
          `attachments.${i}.content_id`,
          'The content_id parameter is required if your attachment has a disposition of inline.',
        ]);
    });
    if (problems.length > 0)
      return {
        status: 400,
        body: { errors: problems.map(([field, message]) => ({ message, field, help: null })) },
      };
    (request as any).accepted = true;
    return {
      status: 202,
      body: '',
      headers: { 'x-message-id': randomBytes(11).toString('base64url') },
    };
  }
}

function sgError(status: number, message: string, field: string | null): FakeResponse {
  return { status, body: { errors: [{ message, field, help: null }] } };
}
