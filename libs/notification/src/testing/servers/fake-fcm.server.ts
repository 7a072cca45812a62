import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { verifyJwt } from '../../utils/jwt.util.js';
import {
  FakeProviderServer,
  type FakeResponse,
  type InjectedFailure,
  type ReceivedRequest,
} from './fake-provider-server.js';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1 and Google's OAuth2 token endpoint on 127.0.0.1. `POST /token`
 * verifies the RS256 JWT grant against the service account's public key
 * (issuer, audience, scope, lifetime) and issues access tokens;
 * `POST /v1/projects/{id}/messages:send` checks the bearer token and the
 * message, answers `{ name }`, or Google's error JSON with an `FcmError`
 * `errorCode` (`UNREGISTERED` for tokens in `deadTokens`).
 *
 * @example
 * const fcm = await new FakeFcmServer().start();
 * // push backend: { driver: 'fcm', fcm: fcm.driverConfig() }
 */
export class FakeFcmServer extends FakeProviderServer {
  readonly projectId = 'herald-test';
  readonly clientEmail = 'pusher@herald-test.iam.gserviceaccount.com';
  /** PEM private key of the generated service account (give it to the driver). */
  readonly privateKey: string;
  private readonly publicKey: KeyObject;
  /** Tokens answered with 404 `UNREGISTERED`. */
  readonly deadTokens = new Set<string>();
  /** Access tokens issued, with their expiry (ms). */
  readonly issuedTokens = new Map<string, number>();
  /** Lifetime of issued access tokens, in seconds. @default 3600 */
  tokenLifetimeSeconds = 3600;
  /** Decoded JWT grants received (header + claims), valid or not. */
  readonly grants: Array<{
    header: Record<string, any>;
    claims: Record<string, any>;
    valid: boolean;
  }> = [];

  constructor() {
    super();
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.publicKey = pair.publicKey;
  }

  get tokenUri(): string {
    return `${this.url}/token`;
  }

  /** The `fcm` sub-object of a push backend pointing at this server. */
  driverConfig(): Record<string, unknown> {
    return {
      projectId: this.projectId,
      clientEmail: this.clientEmail,
      privateKey: this.privateKey,
      tokenUri: this.tokenUri,
      baseUrl: this.url,
    };
  }

  /** The `message` objects accepted, oldest first. */
  get messages(): any[] {
    return this.received.filter((r) => (r as any).accepted).map((r) => r.json.message);
  }

  /** Injected failures hit `messages:send` unless `match` says otherwise (token grants keep working). */
  override failNext(failure: InjectedFailure | number): this {
    const f = typeof failure === 'number' ? { status: failure } : failure;
    return super.failNext({ match: (r) => r.path !== '/token', ...f });
  }

  /** Forgets issued access tokens, as if they had been revoked. */
  revokeTokens(): void {
    this.issuedTokens.clear();
  }

  protected override errorBody(status: number): unknown {
    const map: Record<number, [string, string]> = {
      400: ['INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
      401: ['UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR'],
      403: ['PERMISSION_DENIED', 'SENDER_ID_MISMATCH'],
      404: ['NOT_FOUND', 'UNREGISTERED'],
      429: ['RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'],
      500: ['INTERNAL', 'INTERNAL'],
      503: ['UNAVAILABLE', 'UNAVAILABLE'],
    };
    const [st, code] = map[status] ?? ['UNKNOWN', 'UNSPECIFIED_ERROR'];
    return googleError(status, st, code, `injected failure ${status}`).body;
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (request.method === 'POST' && request.path === '/token') return this.grant(request);
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.path);
    if (request.method !== 'POST' || !match)
      return googleError(404, 'NOT_FOUND', undefined, `no route ${request.path}`);
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const expiry = bearer ? this.issuedTokens.get(bearer) : undefined;
    if (!expiry || expiry < Date.now()) {
      return googleError(
        401,
        'UNAUTHENTICATED',
        undefined,
        'Request had invalid authentication credentials.',
      );
    }
    if (match[1] !== this.projectId)
      return googleError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH', 'SenderId mismatch');
    const message = request.json?.message;
    if (!message || typeof message.token !== 'string' || message.token === '') {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'INVALID_ARGUMENT',
        'The registration token is not a valid FCM registration token',
      );
    }
    if (message.data && Object.values(message.data).some((v) => typeof v !== 'string')) {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'INVALID_ARGUMENT',
        'data values must be strings',
      );
    }
    if (this.deadTokens.has(message.token))
      return googleError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
    (request as any).accepted = true;
    return {
      status: 200,
      body: { name: `projects/${this.projectId}/messages/${randomBytes(8).readBigUInt64BE()}` },
    };
  }

  private grant(request: ReceivedRequest): FakeResponse {
    const form = request.form ?? {};
    if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !form.assertion) {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    }
    const jwt = verifyJwt(form.assertion, this.publicKey);
    this.grants.push(jwt);
    const { claims } = jwt;
    const now = Math.floor(Date.now() / 1000);
    const problem =
      !jwt.valid || jwt.header.alg !== 'RS256'
        ? 'Invalid JWT Signature.'
        : claims.iss !== this.clientEmail
          ? 'Invalid issuer'
          : claims.aud !== this.tokenUri
            ? 'Invalid audience'
            : !String(claims.scope ?? '')
                  .split(' ')
                  .includes(SCOPE)
              ? 'Missing scope'
              : typeof claims.iat !== 'number' ||
                  typeof claims.exp !== 'number' ||
                  claims.exp - claims.iat > 3600 ||
                  claims.exp < now ||
                  claims.iat > now + 60
                ? 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.'
                : undefined;
    if (problem)
      return { status: 400, body: { error: 'invalid_grant', error_description: problem } };
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.issuedTokens.set(token, Date.now() + this.tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      body: { access_token: token, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer' },
    };
  }
}

function googleError(
  code: number,
  status: string,
  errorCode: string | undefined,
  message: string,
): FakeResponse {
  return {
    status: code,
    body: {
      error: {
        code,
        message,
        status,
        details: errorCode
          ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }]
          : [],
      },
    },
  };
}
