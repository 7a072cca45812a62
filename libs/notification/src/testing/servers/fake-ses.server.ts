import { createPrivateKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { signSigV4 } from '../../mailer/drivers/ses/aws-sigv4.util.js';
import { SES_SEND_EMAIL_PATH } from '../../mailer/drivers/ses/ses-mail.driver.js';
import { snsSignature, type SnsMessage } from '../../webhooks/ses/sns-signature.util.js';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';
import { listenOnLoopback } from './listen-on-loopback.util.js';
import {
  postCallback,
  type CallbackResponse,
  type CallbackTampering,
} from './post-callback.util.js';
import { createSelfSignedCertificate } from './self-signed-certificate.js';

/** SES events the fake publishes through SNS. */
export type SesEventType = 'Bounce' | 'Complaint' | 'Delivery' | 'Reject' | 'Rendering Failure';

/** Options of one signed SNS message from `FakeSesServer`. */
export interface SnsCallbackOptions extends CallbackTampering {
  /** @default `notificationUrl` */
  url?: string;
  /** `SignatureVersion`: 1 (SHA1withRSA) or 2 (SHA256withRSA). @default '2' */
  signatureVersion?: '1' | '2';
  /** ISO time of the message (an old one tests the replay window). @default now */
  timestamp?: string;
  /** @default a fresh UUID (send the same one twice to test replays) */
  messageId?: string;
  /** @default `topicArn` */
  topicArn?: string;
  /** @default the fake's certificate URL */
  signingCertUrl?: string;
  /** `SubscribeURL` of a `SubscriptionConfirmation`. @default the fake's ConfirmSubscription URL */
  subscribeUrl?: string;
  /** Sign with this RSA private key instead of the fake's (a forged signature). */
  signWith?: KeyObject;
}

/** The SES v2 error answer: status, `X-Amzn-ErrorType` and `{ message }`. */
function sesError(status: number, type: string, message: string): FakeResponse {
  return {
    status,
    headers: {
      'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`,
    },
    body: { message },
  };
}

/**
 * Amazon SES v2 and SNS on 127.0.0.1. As SES (`url`): `POST
 * /v2/email/outbound-emails` with the request's AWS Signature Version 4
 * recomputed from the fake's credentials (a wrong one answers SES's 403
 * `SignatureDoesNotMatch`, an unknown key `UnrecognizedClientException`),
 * the body checked, `{ "MessageId": ... }` answered; `throttleNext()` answers
 * 429 `TooManyRequestsException`. As SNS (`snsUrl`, HTTPS with a self-signed
 * certificate: give `snsCa` to `ses.trustedCa`): serves the RSA signing
 * certificate, takes `ConfirmSubscription` GETs, and posts signed
 * `SubscriptionConfirmation` and `Notification` messages to your route.
 *
 * @example
 * const ses = await new FakeSesServer().start();
 * // mail backend: { driver: 'ses', ses: { region: ses.region, accessKeyId: ses.accessKeyId,
 * //   secretAccessKey: ses.secretAccessKey, endpoint: ses.url } }
 */
export class FakeSesServer extends FakeProviderServer {
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly topicArn: string;
  /** Addresses SES refuses with `MessageRejected`. */
  readonly rejecting = new Set<string>();
  /** Where SNS posts (your app's route). */
  notificationUrl?: string;
  /** How many `ConfirmSubscription` calls arrived, by token. */
  readonly confirmations = new Map<string, number>();
  /** Accepted mails by `MessageId`: their first recipient. */
  private readonly sentById = new Map<string, string>();
  private readonly certificate = createSelfSignedCertificate('sns.fake.invalid', 'rsa');
  private readonly signingKey = createPrivateKey(this.certificate.key);
  private sns?: Server;

  constructor(options: { region?: string; accessKeyId?: string; secretAccessKey?: string } = {}) {
    super();
    this.region = options.region ?? 'us-east-1';
    this.accessKeyId = options.accessKeyId ?? 'AKIAFAKESES000000001';
    this.secretAccessKey = options.secretAccessKey ?? 'fake/ses/SECRET+key0000000000000000000000';
    this.topicArn = `arn:aws:sns:${this.region}:123456789012:herald-ses-events`;
  }

  override async start(options: { port?: number } = {}): Promise<this> {
    await super.start(options);
    const sns = createServer(
      { key: this.certificate.key, cert: this.certificate.cert },
      (req, res) => {
        const url = new URL(req.url ?? '/', 'https://sns.invalid');
        if (req.method === 'GET' && url.pathname === this.certificatePath) {
          res.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' });
          res.end(this.certificate.cert);
        } else if (
          req.method === 'GET' &&
          url.searchParams.get('Action') === 'ConfirmSubscription'
        ) {
          const token = url.searchParams.get('Token') ?? '';
          this.confirmations.set(token, (this.confirmations.get(token) ?? 0) + 1);
          res.writeHead(200, { 'content-type': 'text/xml' });
          res.end(
            `<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ConfirmSubscriptionResult><SubscriptionArn>${this.topicArn}:${randomUUID()}</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>`,
          );
        } else {
          res.writeHead(404, { 'content-type': 'text/xml' });
          res.end('<ErrorResponse><Error><Code>NotFound</Code></Error></ErrorResponse>');
        }
      },
    );
    await listenOnLoopback(sns, {}, 'FakeSesServer (SNS)');
    this.sns = sns;
    return this;
  }

  override async stop(): Promise<void> {
    const sns = this.sns;
    this.sns = undefined;
    if (sns) {
      sns.closeAllConnections();
      await new Promise<void>((resolve) => sns.close(() => resolve()));
    }
    await super.stop();
  }

  /** Base URL of the SNS side, `https://127.0.0.1:<port>`. */
  get snsUrl(): string {
    if (!this.sns) throw new Error('FakeSesServer is not started; await start() first');
    return `https://127.0.0.1:${(this.sns.address() as AddressInfo).port}`;
  }

  /** The SNS side's TLS certificate (PEM): Herald's `ses.trustedCa`. */
  get snsCa(): string {
    return this.certificate.cert;
  }

  /** `SigningCertURL` of the messages the fake signs. */
  get signingCertUrl(): string {
    return `${this.snsUrl}${this.certificatePath}`;
  }

  /** `MessageId`s of accepted mails, oldest first. */
  get messageIds(): string[] {
    return [...this.sentById.keys()];
  }

  /** `SendEmail` request bodies accepted, oldest first. */
  get mails(): any[] {
    return this.received.filter((r) => (r as any).accepted).map((r) => r.json);
  }

  /** Makes the next `times` sends answer 429 `TooManyRequestsException` (with `Retry-After`). */
  throttleNext(retryAfterSeconds = 1, times = 1): this {
    const error = sesError(429, 'TooManyRequestsException', 'Too Many Requests');
    return this.failNext({
      ...error,
      headers: { ...error.headers, 'retry-after': String(retryAfterSeconds) },
      times,
    });
  }

  /**
   * An SES event (as a configuration set's SNS event destination publishes
   * it) about mail `messageId`; `detail` overrides the event's own object.
   *
   * @example ses.event(id, 'Bounce', { bounceType: 'Transient', bounceSubType: 'MailboxFull' })
   */
  event(messageId: string, eventType: SesEventType, detail: Record<string, unknown> = {}): object {
    const recipient = this.sentById.get(messageId) ?? 'unknown@example.com';
    const timestamp = new Date().toISOString();
    const mail = {
      timestamp,
      source: 'noreply@herald.test',
      messageId,
      destination: [recipient],
      tags: { 'ses:configuration-set': ['herald'] },
    };
    const details: Record<SesEventType, [string, object]> = {
      Bounce: [
        'bounce',
        {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            {
              emailAddress: recipient,
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: 'smtp; 550 5.1.1 user unknown',
            },
          ],
          timestamp,
          feedbackId: randomUUID(),
        },
      ],
      Complaint: [
        'complaint',
        {
          complainedRecipients: [{ emailAddress: recipient }],
          timestamp,
          feedbackId: randomUUID(),
          complaintFeedbackType: 'abuse',
        },
      ],
      Delivery: [
        'delivery',
        {
          timestamp,
          processingTimeMillis: 546,
          recipients: [recipient],
          smtpResponse: '250 ok dirdel',
        },
      ],
      Reject: ['reject', { reason: 'Bad content' }],
      'Rendering Failure': [
        'failure',
        { errorMessage: 'Attribute name is missing', templateName: 'herald' },
      ],
    };
    const [field, body] = details[eventType];
    return { eventType, mail, [field]: { ...body, ...detail } };
  }

  /** Publishes an SES event as SNS does: a signed `Notification` posted to your route. */
  sendNotification(sesEvent: object, options: SnsCallbackOptions = {}): Promise<CallbackResponse> {
    return this.post(this.notificationMessage(sesEvent, options), options);
  }

  /** Sends the `SubscriptionConfirmation` SNS sends when the subscription is created. */
  sendSubscriptionConfirmation(options: SnsCallbackOptions = {}): Promise<CallbackResponse> {
    return this.post(this.subscriptionConfirmationMessage(options), options);
  }

  /** The signed `Notification` carrying `sesEvent` (as `sendNotification` posts it). */
  notificationMessage(sesEvent: object, options: SnsCallbackOptions = {}): SnsMessage {
    return this.snsMessage(
      {
        Type: 'Notification',
        Message: JSON.stringify(sesEvent),
        UnsubscribeURL: `${this.snsUrl}/?Action=Unsubscribe&SubscriptionArn=${this.topicArn}:sub`,
      },
      options,
    );
  }

  /** The signed `SubscriptionConfirmation` (as `sendSubscriptionConfirmation` posts it). */
  subscriptionConfirmationMessage(options: SnsCallbackOptions = {}): SnsMessage {
    const token = randomBytes(32).toString('hex');
    const topic = options.topicArn ?? this.topicArn;
    return this.snsMessage(
      {
        Type: 'SubscriptionConfirmation',
        Token: token,
        Message: `You have chosen to subscribe to the topic ${topic}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
        SubscribeURL:
          options.subscribeUrl ??
          `${this.snsUrl}/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topic)}&Token=${token}`,
      },
      options,
    );
  }

  /** One SNS message with `fields`, signed with the fake's certificate key (unless told otherwise). */
  snsMessage(fields: Partial<SnsMessage>, options: SnsCallbackOptions = {}): SnsMessage {
    const version = options.signatureVersion ?? '2';
    const message = {
      Type: 'Notification',
      MessageId: options.messageId ?? randomUUID(),
      TopicArn: options.topicArn ?? this.topicArn,
      Message: '',
      Timestamp: options.timestamp ?? new Date().toISOString(),
      SignatureVersion: version,
      Signature: '',
      SigningCertURL: options.signingCertUrl ?? this.signingCertUrl,
      ...fields,
    } as SnsMessage;
    if (!options.omitSignature)
      message.Signature = snsSignature(message, options.signWith ?? this.signingKey, version);
    else delete (message as Partial<SnsMessage>).Signature;
    return message;
  }

  /** Posts one SNS message with the headers SNS sends. */
  private post(message: SnsMessage, options: SnsCallbackOptions): Promise<CallbackResponse> {
    const url = options.url ?? this.notificationUrl;
    if (!url) throw new Error('set notificationUrl (or options.url) before sending SNS messages');
    let body = JSON.stringify(message);
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, {
      'content-type': 'text/plain; charset=UTF-8',
      'user-agent': 'Amazon Simple Notification Service Agent',
      'x-amz-sns-message-type': message.Type,
      'x-amz-sns-message-id': message.MessageId,
      'x-amz-sns-topic-arn': message.TopicArn,
    });
  }

  private get certificatePath(): string {
    return '/SimpleNotificationService-fake0000000000000000000000000000.pem';
  }

  protected override errorBody(status: number): unknown {
    return { message: `injected failure ${status}` };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (request.method !== 'POST' || request.path !== SES_SEND_EMAIL_PATH)
      return sesError(404, 'UnknownOperationException', 'Not found');
    const denied = this.checkSignature(request);
    if (denied) return denied;
    const mail = request.json;
    if (!mail || typeof mail !== 'object')
      return sesError(400, 'BadRequestException', 'Request body is not valid JSON');
    const to = mail.Destination?.ToAddresses;
    const all: unknown[] = [
      ...(Array.isArray(to) ? to : []),
      ...(mail.Destination?.CcAddresses ?? []),
      ...(mail.Destination?.BccAddresses ?? []),
    ];
    if (!Array.isArray(to) || to.length === 0)
      return sesError(400, 'BadRequestException', 'Missing final destination');
    if (all.length > 50) return sesError(400, 'BadRequestException', 'Recipient count exceeds 50.');
    if (typeof mail.FromEmailAddress !== 'string' || !/@/.test(mail.FromEmailAddress))
      return sesError(400, 'BadRequestException', "Missing required header 'From'.");
    const simple = mail.Content?.Simple;
    if (!simple?.Subject || typeof simple.Subject.Data !== 'string')
      return sesError(400, 'BadRequestException', "Missing required header 'Subject'.");
    if (!simple.Body?.Text && !simple.Body?.Html)
      return sesError(400, 'BadRequestException', 'Message body is required.');
    for (const a of simple.Attachments ?? [])
      if (
        !a.FileName ||
        typeof a.RawContent !== 'string' ||
        !/^[A-Za-z0-9+/]*={0,2}$/.test(a.RawContent)
      )
        return sesError(
          400,
          'BadRequestException',
          'Attachment RawContent must be base64 with a FileName.',
        );
    const refused = all
      .map((a) => String(a).replace(/^.*<(.*)>$/, '$1'))
      .find((a) => this.rejecting.has(a));
    if (refused)
      return sesError(
        400,
        'MessageRejected',
        `Email address is not verified. The following identities failed the check in region ${this.region.toUpperCase()}: ${refused}`,
      );
    (request as any).accepted = true;
    const messageId = `0100${Date.now().toString(16)}-${randomUUID()}-000000`;
    this.sentById.set(messageId, String(to[0]).replace(/^.*<(.*)>$/, '$1'));
    return { status: 200, body: { MessageId: messageId } };
  }

  /** SES's answer to a request whose SigV4 signature is missing or wrong, else `undefined`. */
  private checkSignature(request: ReceivedRequest): FakeResponse | undefined {
    const auth = String(request.headers.authorization ?? '');
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    const date = String(request.headers['x-amz-date'] ?? '');
    if (!match || !/^\d{8}T\d{6}Z$/.test(date))
      return sesError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    const [, keyId, day, region, service, signedHeaders, signature] = match;
    if (keyId !== this.accessKeyId)
      return sesError(
        403,
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    const at = Date.parse(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    if (Math.abs(Date.now() - at) > 5 * 60_000)
      return sesError(
        403,
        'InvalidSignatureException',
        `Signature expired: ${date} is now earlier than the allowed time.`,
      );
    const headers: Record<string, string> = {};
    for (const name of signedHeaders.split(';'))
      if (name !== 'x-amz-date' && name !== 'x-amz-security-token')
        headers[name] = String(request.headers[name] ?? '');
    const expected = signSigV4(
      {
        method: request.method,
        path: request.path,
        query: request.query,
        headers,
        body: request.raw,
      },
      {
        accessKeyId: keyId,
        secretAccessKey: this.secretAccessKey,
        sessionToken: request.headers['x-amz-security-token'] as string | undefined,
      },
      { region, service, date: new Date(at) },
    );
    if (
      day !== date.slice(0, 8) ||
      region !== this.region ||
      service !== 'ses' ||
      expected.signature !== signature
    )
      return sesError(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      );
    return undefined;
  }
}
