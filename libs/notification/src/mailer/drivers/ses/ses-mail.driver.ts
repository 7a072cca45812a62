import type { MailMessage, SesDriverConfig } from '@herald/contracts';
import {
  HttpClient,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { MailDriverResult, MailProviderDriver } from '../../mail-driver.interface.js';
import { recipientsOf } from '../../mail-validation.util.js';
import { SigV4KeyCache, signSigV4, type AwsCredentials } from './aws-sigv4.util.js';
import { sesDeliveryError } from './ses-error.mapper.js';
import { toSesSendEmail } from './ses-request.util.js';

/** Path of SES v2 `SendEmail`. */
export const SES_SEND_EMAIL_PATH = '/v2/email/outbound-emails';

/** The SES endpoint of `region`, or the configured override. */
export function sesEndpoint(config: Pick<SesDriverConfig, 'region' | 'endpoint'>): URL {
  return new URL(config.endpoint ?? `https://email.${config.region}.amazonaws.com`);
}

/**
 * Amazon SES v2 `POST /v2/email/outbound-emails`, signed with AWS Signature
 * Version 4 (service `ses`). Answers 200 with `{ "MessageId": ... }`, the id
 * SES's bounce, complaint and delivery events carry as `mail.messageId`.
 */
export class SesMailDriver implements MailProviderDriver {
  readonly driver = 'ses';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly url: string;
  private readonly host: string;
  private readonly credentials: AwsCredentials;
  private readonly keys: SigV4KeyCache;

  constructor(
    backend: string,
    private readonly config: SesDriverConfig,
  ) {
    this.context = { channel: 'mail', backend, provider: 'SES' };
    this.http = new HttpClient(this.context);
    const endpoint = sesEndpoint(config);
    this.host = endpoint.host;
    this.url = `${endpoint.origin}${SES_SEND_EMAIL_PATH}`;
    this.credentials = {
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      sessionToken: config.sessionToken,
    };
    this.keys = new SigV4KeyCache(config.secretAccessKey, config.region, 'ses');
  }

  async send(
    message: MailMessage,
    traceHeaders: Record<string, string>,
  ): Promise<MailDriverResult> {
    const body = JSON.stringify(toSesSendEmail(message, this.config.configurationSetName));
    const signed: Record<string, string | number> = {
      host: this.host,
      'content-type': 'application/json',
    };
    const { headers } = signSigV4(
      { method: 'POST', path: SES_SEND_EMAIL_PATH, headers: signed, body },
      this.credentials,
      { region: this.config.region, service: 'ses', signingKey: this.keys.keyOf },
    );
    // built key by key: on Node 20 spreads into a larger literal make a slow object
    for (const name in headers) signed[name] = headers[name];
    signed['content-length'] = Buffer.byteLength(body);
    for (const name in traceHeaders) signed[name] = traceHeaders[name];
    const response = await this.http.request(this.url, {
      method: 'POST',
      headers: signed,
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    if (response.status === 200) {
      const id = parseJsonBody<{ MessageId?: unknown }>(response.body)?.MessageId;
      return {
        messageId: typeof id === 'string' ? id : '',
        accepted: recipientsOf(message),
        rejected: [],
      };
    }
    throw sesDeliveryError(this.context, response);
  }

  close(): void {
    this.http.close();
  }
}
