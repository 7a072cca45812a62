import { DeliveryError } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { signJwt } from '../../../utils/jwt.util.js';

/** The fields of a Google service account the driver needs. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
  tokenUri: string;
}

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * OAuth2 access tokens for a service account (RFC 7523 JWT bearer grant,
 * RS256 signed with node:crypto). A token is cached until a minute before it
 * expires; concurrent callers share one refresh.
 */
export class GoogleAccessTokenProvider {
  private cached?: { token: string; expiresAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly account: ServiceAccount,
    private readonly http: HttpClient,
    private readonly context: DeliveryContext,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async token(): Promise<string> {
    if (this.cached && this.cached.expiresAt > this.now()) return this.cached.token;
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets the cached token (after the API said it is no longer valid). */
  invalidate(): void {
    this.cached = undefined;
  }

  private async fetch(): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    const assertion = signJwt(
      {
        alg: 'RS256',
        typ: 'JWT',
        ...(this.account.privateKeyId ? { kid: this.account.privateKeyId } : {}),
      },
      {
        iss: this.account.clientEmail,
        scope: FCM_SCOPE,
        aud: this.account.tokenUri,
        iat,
        exp: iat + 3600,
      },
      this.account.privateKey,
    );
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString();
    const response = await this.http.request(this.account.tokenUri, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
      },
      body,
      timeoutMs: this.timeoutMs,
    });
    const json = parseJsonBody<{
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    }>(response.body);
    if (response.status === 200 && json?.access_token) {
      const lifetime = Math.max(60, Number(json.expires_in ?? 3600));
      this.cached = { token: json.access_token, expiresAt: this.now() + (lifetime - 60) * 1000 };
      return json.access_token;
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      throw new DeliveryError(
        `Google OAuth refused the service account ${this.account.clientEmail} for backend "${this.context.backend}": ${json?.error ?? response.status} ${json?.error_description ?? ''}`.trim(),
        {
          reason: 'auth',
          channel: 'push',
          backend: this.context.backend,
          statusCode: response.status,
          providerCode: json?.error,
        },
      );
    }
    throw httpDeliveryError({ ...this.context, provider: 'Google OAuth' }, response, {
      message: json?.error_description,
    });
  }
}
