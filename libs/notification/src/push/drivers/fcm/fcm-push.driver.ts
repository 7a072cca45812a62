import { readFileSync } from 'node:fs';
import type { FcmDriverConfig, PushMessage } from '@herald/contracts';
import { HeraldConfigError } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { PushDriverResult, PushProviderDriver } from '../../push-driver.interface.js';
import { GoogleAccessTokenProvider, type ServiceAccount } from './google-access-token.provider.js';

/** FCM v1 `errorCode` → failure reason. */
const FCM_REASONS: Record<string, DeliveryFailureReason> = {
  UNREGISTERED: 'dead_token',
  INVALID_ARGUMENT: 'bad_request',
  SENDER_ID_MISMATCH: 'forbidden',
  THIRD_PARTY_AUTH_ERROR: 'auth',
  QUOTA_EXCEEDED: 'rate_limited',
  UNAVAILABLE: 'provider_unavailable',
  INTERNAL: 'provider_unavailable',
};

interface GoogleError {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ '@type'?: string; errorCode?: string }>;
  };
}

/**
 * FCM HTTP v1: `POST /v1/projects/{project}/messages:send` with an OAuth2
 * access token from the service account. `UNREGISTERED` is reported as a dead
 * token. (The legacy server-key API was shut down in 2024 and is rejected at
 * validation.)
 */
export class FcmPushDriver implements PushProviderDriver {
  readonly driver = 'fcm';
  readonly batchConcurrency = 64;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly tokens: GoogleAccessTokenProvider;
  private readonly sendUrl: string;

  constructor(
    backend: string,
    private readonly config: FcmDriverConfig,
  ) {
    this.context = { channel: 'push', backend, provider: 'FCM' };
    this.http = new HttpClient(this.context);
    const account = serviceAccountOf(config, backend);
    this.tokens = new GoogleAccessTokenProvider(
      account,
      this.http,
      this.context,
      config.timeout * 1000,
    );
    this.sendUrl = `${config.baseUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;
  }

  async send(
    message: PushMessage,
    traceHeaders: Record<string, string>,
  ): Promise<PushDriverResult> {
    const body = JSON.stringify({ message: toFcmMessage(message) });
    for (let attempt = 0; ; attempt++) {
      const accessToken = await this.tokens.token();
      const response = await this.http.request(this.sendUrl, {
        method: 'POST',
        headers: {
          ...traceHeaders,
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          ...(message.idempotencyKey ? { 'idempotency-key': message.idempotencyKey } : {}),
        },
        body,
        timeoutMs: this.config.timeout * 1000,
      });
      if (response.status === 200) {
        const json = parseJsonBody<{ name?: string }>(response.body);
        return { messageId: json?.name };
      }
      if (response.status === 401 && attempt === 0) {
        this.tokens.invalidate(); // revoked or expired early: one fresh token, then give up
        continue;
      }
      const json = parseJsonBody<GoogleError>(response.body);
      const errorCode =
        json?.error?.details?.find((d) => d.errorCode)?.errorCode ?? json?.error?.status;
      throw httpDeliveryError(this.context, response, {
        message: json?.error?.message,
        providerCode: errorCode,
        reason: errorCode
          ? FCM_REASONS[errorCode]
          : response.status === 404
            ? 'bad_request'
            : undefined,
      });
    }
  }

  close(): void {
    this.http.close();
  }
}

/** The FCM v1 message resource for one token. */
export function toFcmMessage(message: PushMessage): Record<string, unknown> {
  const notification =
    message.title !== undefined || message.body !== undefined
      ? { title: message.title, body: message.body }
      : undefined;
  const android: Record<string, unknown> = {};
  if (message.priority) android.priority = message.priority === 'high' ? 'HIGH' : 'NORMAL';
  if (message.ttlSeconds !== undefined) android.ttl = `${message.ttlSeconds}s`;
  if (message.collapseKey) android.collapse_key = message.collapseKey;
  if (message.sound) android.notification = { sound: message.sound };
  const apnsHeaders: Record<string, string> = {};
  if (message.priority) apnsHeaders['apns-priority'] = message.priority === 'high' ? '10' : '5';
  if (message.collapseKey) apnsHeaders['apns-collapse-id'] = message.collapseKey;
  if (message.ttlSeconds !== undefined)
    apnsHeaders['apns-expiration'] = String(Math.floor(Date.now() / 1000) + message.ttlSeconds);
  const aps: Record<string, unknown> = {};
  if (message.badge !== undefined) aps.badge = message.badge;
  if (message.sound) aps.sound = message.sound;
  return {
    token: message.token,
    ...(notification ? { notification } : {}),
    ...(message.data ? { data: message.data } : {}),
    ...(Object.keys(android).length ? { android } : {}),
    ...(Object.keys(apnsHeaders).length || Object.keys(aps).length
      ? {
          apns: {
            ...(Object.keys(apnsHeaders).length ? { headers: apnsHeaders } : {}),
            ...(Object.keys(aps).length ? { payload: { aps } } : {}),
          },
        }
      : {}),
  };
}

function serviceAccountOf(config: FcmDriverConfig, backend: string): ServiceAccount {
  let file: Record<string, string> = {};
  if (config.serviceAccountFile) {
    try {
      file = JSON.parse(readFileSync(config.serviceAccountFile, 'utf8'));
    } catch (error) {
      throw new HeraldConfigError([
        {
          path: `push_backends[${backend}].fcm.service_account_file`,
          message: `cannot read ${JSON.stringify(config.serviceAccountFile)}: ${(error as Error).message}`,
        },
      ]);
    }
  }
  const account: ServiceAccount = {
    projectId: config.projectId ?? file.project_id,
    clientEmail: config.clientEmail ?? file.client_email,
    privateKey: config.privateKey ?? file.private_key,
    privateKeyId: file.private_key_id,
    tokenUri: config.tokenUri,
  };
  const missing = (['projectId', 'clientEmail', 'privateKey'] as const).filter((k) => !account[k]);
  if (missing.length > 0) {
    throw new HeraldConfigError(
      missing.map((k) => ({
        path: `push backend "${backend}" fcm.${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
        message:
          'is required: set it, or point fcm.service_account_file at the JSON key of a service account',
      })),
    );
  }
  return account;
}
