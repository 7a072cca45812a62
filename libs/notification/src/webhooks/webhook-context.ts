import type { KeyObject } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  Optional,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  HeraldConfigError,
  METRICS_COLLECTOR,
  VONAGE_SIGNATURE_METHODS,
  type VonageSignatureMethod,
  RateLimitedLogger,
  type ConfigProblem,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import { describeUrl } from '@herald/contracts/internal';
import { DELIVERY_STORE } from '../delivery/delivery.constants.js';
import { DeliveryFeedbackRecorder } from '../delivery/feedback/delivery-feedback.recorder.js';
import type { DeliveryStore } from '../delivery/stores/delivery-store.protocol.js';
import { lazyEventEmitter, type EventSink } from '../utils/lazy-event-emitter.util.js';
import { sendgridPublicKey } from './sendgrid/sendgrid-signature.util.js';
import { SesWebhookSettings } from './ses/ses-webhook-settings.js';
import { mailWebhookSettings, type MailWebhookSettings } from './mail-webhook-settings.js';
import type { NotificationWebhooksOptions } from './webhooks-options.interface.js';
import { NOTIFICATION_WEBHOOKS_OPTIONS } from './webhooks.module-definition.js';
import { DEFAULT_WEBHOOK_BODY_LIMIT } from './webhooks.constants.js';

/** Largest `bodyLimit` accepted (1 GiB). */
const MAX_WEBHOOK_BODY_LIMIT = 1024 * 1024 * 1024;

/** Default replay window of signed SendGrid events, in seconds. */
export const DEFAULT_SENDGRID_TOLERANCE_SECONDS = 300;

/** Default replay window of signed Vonage delivery receipts, in seconds. */
export const DEFAULT_VONAGE_TOLERANCE_SECONDS = 300;

/**
 * What the webhook handlers share: the validated options (checked at
 * bootstrap, every problem listed), the feedback recorder over the delivery
 * store, the application's event emitter and a logger.
 */
@Injectable()
export class WebhookContext implements OnModuleInit {
  readonly logger = new Logger('HeraldWebhooks');
  /** Refusals come per request: one line per provider a minute, then how many were dropped. */
  private readonly refusals = new RateLimitedLogger(this.logger);
  readonly twilioTokens?: readonly string[];
  readonly twilioPublicUrl?: string;
  readonly twilioTrustProxy?: boolean;
  readonly bodyLimit: number;
  readonly sendgridKey?: KeyObject;
  readonly sendgridToleranceMs: number;
  readonly ses?: SesWebhookSettings;
  /** Postmark, Mailgun and Resend. */
  readonly mail: MailWebhookSettings;
  readonly vonageSecrets?: readonly string[];
  readonly vonageSignatureMethod: VonageSignatureMethod;
  readonly vonageToleranceMs: number;
  readonly events: () => EventSink | undefined;
  private feedback?: DeliveryFeedbackRecorder;

  constructor(
    @Inject(NOTIFICATION_WEBHOOKS_OPTIONS) private readonly options: NotificationWebhooksOptions,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(METRICS_COLLECTOR) private readonly metrics?: MetricsCollectorProtocol,
  ) {
    const problems: ConfigProblem[] = [];
    const { twilio, sendgrid, ses, vonage } = options ?? {};
    if (twilio) {
      const tokens = typeof twilio.authToken === 'string' ? [twilio.authToken] : twilio.authToken;
      if (
        !Array.isArray(tokens) ||
        tokens.length === 0 ||
        tokens.some((t) => !t || typeof t !== 'string')
      )
        problems.push({
          path: 'twilio.authToken',
          message:
            'must be the Twilio auth token (a non-empty string, or a list of them while rotating)',
        });
      else this.twilioTokens = tokens;
      if (
        twilio.publicUrl !== undefined &&
        !(typeof twilio.publicUrl === 'string' && /^https?:\/\/[^\s/]+/.test(twilio.publicUrl))
      )
        problems.push({
          path: 'twilio.publicUrl',
          message: `must be an http(s) URL such as https://api.example.com (got ${describeUrl(twilio.publicUrl)})`,
        });
      this.twilioPublicUrl = twilio.publicUrl;
      if (twilio.trustProxy !== undefined && typeof twilio.trustProxy !== 'boolean')
        problems.push({
          path: 'twilio.trustProxy',
          message: `must be true or false (got ${JSON.stringify(twilio.trustProxy)})`,
        });
      this.twilioTrustProxy = twilio.trustProxy;
    }
    const bodyLimit = options?.bodyLimit ?? DEFAULT_WEBHOOK_BODY_LIMIT;
    if (!(Number.isSafeInteger(bodyLimit) && bodyLimit > 0 && bodyLimit <= MAX_WEBHOOK_BODY_LIMIT))
      problems.push({
        path: 'bodyLimit',
        message: `must be a whole number of bytes from 1 to ${MAX_WEBHOOK_BODY_LIMIT} (got ${JSON.stringify(bodyLimit)})`,
      });
    this.bodyLimit = bodyLimit;
    const tolerance = sendgrid?.toleranceSeconds ?? DEFAULT_SENDGRID_TOLERANCE_SECONDS;
    if (!(typeof tolerance === 'number' && tolerance > 0 && Number.isFinite(tolerance)))
      problems.push({
        path: 'sendgrid.toleranceSeconds',
        message: `must be a positive number of seconds (got ${JSON.stringify(tolerance)})`,
      });
    this.sendgridToleranceMs = tolerance * 1000;
    if (sendgrid) {
      try {
        this.sendgridKey = sendgridPublicKey(String(sendgrid.publicKey ?? ''));
      } catch {
        problems.push({
          path: 'sendgrid.publicKey',
          message:
            'must be the ECDSA P-256 verification key of the Signed Event Webhook (base64 DER as SendGrid shows it, or PEM)',
        });
      }
    }
    if (ses) {
      const settings = SesWebhookSettings.from(ses);
      if (Array.isArray(settings)) problems.push(...settings);
      else this.ses = settings;
    }
    this.mail = mailWebhookSettings(options, problems);
    if (vonage) {
      const secrets =
        typeof vonage.signatureSecret === 'string'
          ? [vonage.signatureSecret]
          : vonage.signatureSecret;
      if (
        !Array.isArray(secrets) ||
        secrets.length === 0 ||
        secrets.some((s) => !s || typeof s !== 'string')
      )
        problems.push({
          path: 'vonage.signatureSecret',
          message:
            'must be the Vonage signature secret (a non-empty string, or a list of them while rotating)',
        });
      else this.vonageSecrets = secrets;
    }
    const method = vonage?.signatureMethod ?? 'sha256';
    if (!VONAGE_SIGNATURE_METHODS.includes(method))
      problems.push({
        path: 'vonage.signatureMethod',
        message: `must be one of ${VONAGE_SIGNATURE_METHODS.join(', ')} (got ${JSON.stringify(method)})`,
      });
    this.vonageSignatureMethod = method;
    const vonageTolerance = vonage?.toleranceSeconds ?? DEFAULT_VONAGE_TOLERANCE_SECONDS;
    if (!(
      typeof vonageTolerance === 'number' &&
      vonageTolerance > 0 &&
      Number.isFinite(vonageTolerance)
    ))
      problems.push({
        path: 'vonage.toleranceSeconds',
        message: `must be a positive number of seconds (got ${JSON.stringify(vonageTolerance)})`,
      });
    this.vonageToleranceMs = vonageTolerance * 1000;
    if (problems.length > 0)
      throw new HeraldConfigError(problems, 'Invalid NotificationWebhooksModule options');
    this.events = lazyEventEmitter(moduleRef, 'HeraldWebhooks', 'notification.delivery.updated');
  }

  onModuleInit(): void {
    this.feedback = new DeliveryFeedbackRecorder(this.store(), this.events, this.metrics);
  }

  get recorder(): DeliveryFeedbackRecorder {
    return (this.feedback ??= new DeliveryFeedbackRecorder(
      this.store(),
      this.events,
      this.metrics,
    ));
  }

  /** Refuses the request (403) and logs why (rate-limited per provider), never the body. */
  reject(provider: string, why: string): never {
    const cause = `${provider} webhook refused (403)`;
    this.refusals.warn(cause, `${cause}: ${why}`);
    throw new ForbiddenException(`invalid ${provider} webhook signature`);
  }

  /** 404 for a provider the options leave out. */
  notConfigured(provider: string, option: string): never {
    throw new NotFoundException(
      `${provider} webhooks are not configured: set "${option}" in NotificationWebhooksModule options`,
    );
  }

  private store(): DeliveryStore {
    if (this.options?.store) return this.options.store;
    try {
      return this.moduleRef.get<DeliveryStore>(DELIVERY_STORE, { strict: false });
    } catch {
      throw new HeraldConfigError(
        [
          {
            path: 'store',
            message:
              'no delivery records to update: enable notification.delivery (NotificationModule) or import DeliveryModule, or pass a DeliveryStore',
          },
        ],
        'Invalid NotificationWebhooksModule options',
      );
    }
  }
}
