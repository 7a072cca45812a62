import { Logger } from '@nestjs/common';
import type {
  DeliveryObserver,
  DeliverySettledEvent,
} from '../delivery/reliable/delivery-engine.js';
import { deadTokenReason } from '../notifier/devices/dead-token.util.js';
import type { EventSink } from '../utils/lazy-event-emitter.util.js';
import {
  SUPPRESSION_CHANNELS,
  type SuppressionChannel,
  type SuppressionReason,
} from './suppression-entry.js';
import type { SmsOptOutEvent } from '../sms/sms-opt-out.events.js';
import type { MailUnsubscribedEvent } from '../mailer/mail-unsubscribe.events.js';
import {
  PUSH_TOKEN_DEAD_EVENT,
  type PushTokenDeadEvent,
  type SuppressibleDeliveryUpdate,
} from './suppression.events.js';
import type { SuppressionService } from './suppression.service.js';
import { normalizeChannel } from '../delivery/records/normalize-channel.util.js';

/** Bounce classifications and SMTP replies that mean "try again later", not "never again". */
const SOFT_BOUNCE =
  /soft|blocked|transient|deferr|temporar|mailbox full|quota|^4\d\d\b|^4\.\d+\.\d+/i;

/**
 * Whether a `bounced` status is a hard bounce: yes unless the provider's
 * classification or reason says soft / blocked / temporary (SendGrid
 * `blocked`, an SMTP 4xx reply or `4.x.x` status).
 */
export function isHardBounce(
  event: Pick<SuppressibleDeliveryUpdate, 'reason' | 'category'>,
): boolean {
  return ![event.category, event.reason].some(
    (text) => typeof text === 'string' && SOFT_BOUNCE.test(text.trim()),
  );
}

/**
 * The suppression a status update calls for, or `undefined`: `complained`
 * is a complaint; `bounced` a hard bounce unless soft; an SMS `failed` with
 * Twilio 21610 an SMS STOP; a mail `failed` because the provider itself
 * suppresses the address (SendGrid `dropped`: "Bounced Address", "Spam
 * Reporting Address", "Unsubscribed Address") the matching reason.
 */
export function suppressionReasonOf(
  event: Pick<SuppressibleDeliveryUpdate, 'channel' | 'status' | 'reason' | 'category'>,
): SuppressionReason | undefined {
  if (event.status === 'complained') return 'complaint';
  if (event.status === 'bounced') return isHardBounce(event) ? 'hard_bounce' : undefined;
  if (event.status !== 'failed' || typeof event.reason !== 'string') return undefined;
  if (event.channel === 'sms') return /\b21610\b/.test(event.reason) ? 'sms_stop' : undefined;
  if (normalizeChannel(event.channel) !== 'mail') return undefined;
  if (/bounced address/i.test(event.reason)) return 'hard_bounce';
  if (/spam report/i.test(event.reason)) return 'complaint';
  if (/unsubscribed address/i.test(event.reason)) return 'unsubscribe';
  return undefined;
}

/**
 * Turns provider feedback into suppression entries: hard bounces and
 * complaints (status webhooks), SMS STOP (and START, which lifts it; a
 * Twilio 21610 refusal on send comes as the same `SMS_OPT_OUT_EVENT`), and
 * push tokens a provider declared gone, where no device-token registry
 * retires them. Failures are logged (without the address) and never thrown
 * at the event emitter.
 */
export class SuppressionFeedback implements DeliveryObserver {
  private readonly logger = new Logger('SuppressionFeedback');

  constructor(
    private readonly suppressions: SuppressionService,
    private readonly events: () => EventSink | undefined,
    /** True when a device-token registry (`NotifierModule`) retires dead tokens itself. */
    private readonly hasRegistry: () => boolean,
  ) {}

  async onDeliveryUpdated(event: SuppressibleDeliveryUpdate): Promise<void> {
    if (!event) return;
    // `email` is the input alias of `mail` (feedback from an older release or a custom source).
    const channel = normalizeChannel(event.channel);
    if (!SUPPRESSION_CHANNELS.includes(channel as SuppressionChannel)) return;
    const reason = suppressionReasonOf(event);
    if (!reason) return;
    await this.safely(`a ${reason} from ${event.provider}`, () =>
      this.suppressions.add({
        channel: channel as SuppressionChannel,
        address: event.recipient,
        reason,
        source: String(event.provider || 'webhook'),
      }),
    );
  }

  async onSmsOptedOut(event: SmsOptOutEvent): Promise<void> {
    if (!event) return;
    await this.safely(`an SMS STOP from ${event.provider}`, () =>
      this.suppressions.add({
        channel: 'sms',
        address: event.address,
        reason: 'sms_stop',
        source: [event.provider, event.source].filter(Boolean).join(':') || 'sms',
      }),
    );
  }

  /** A mail provider reported an unsubscribe (Mailgun `unsubscribed`, Postmark `SubscriptionChange`). */
  async onMailUnsubscribed(event: MailUnsubscribedEvent): Promise<void> {
    if (!event?.address) return;
    await this.safely(`an unsubscribe from ${event.provider}`, () =>
      this.suppressions.add({
        channel: 'mail',
        address: event.address,
        reason: 'unsubscribe',
        source: String(event.provider || 'webhook'),
      }),
    );
  }

  async onSmsOptedIn(event: SmsOptOutEvent): Promise<void> {
    if (!event) return;
    await this.safely(`an SMS START from ${event.provider}`, () =>
      this.suppressions.liftAddress('sms', event.address, 'sms_stop'),
    );
  }

  /**
   * A push that failed because its token is gone: suppress the token unless
   * a registry retires it. (An SMS that Twilio refused with 21610 reaches the
   * list once, through `SMS_OPT_OUT_EVENT`, which `SmsChannel` emits for every path.)
   */
  async onSettled({ record, error }: DeliverySettledEvent): Promise<void> {
    if (record.status !== 'failed') return;
    await this.onSendFailed(record.channel, record.recipient, record.backend, error);
  }

  /**
   * A send to `recipient` over `backend` failed with `error` (reliable
   * delivery's settled record, or a direct send when reliable delivery is off).
   */
  async onSendFailed(
    channel: string,
    recipient: string,
    backend: string,
    error: unknown,
  ): Promise<void> {
    const record = { channel, recipient, backend };
    if (record.channel !== 'push') return;
    const reason = deadTokenReason(error);
    if (!reason) return;
    const registry = this.hasRegistry();
    if (!registry)
      await this.safely(`a dead push token (${reason})`, () =>
        this.suppressions.add({
          channel: 'push',
          address: record.recipient,
          reason: 'dead_token',
          source: `${record.backend}: ${reason}`,
        }),
      );
    const payload: PushTokenDeadEvent = {
      token: record.recipient,
      backend: record.backend,
      reason,
      recordedIn: registry ? 'registry' : 'suppression',
    };
    this.events()?.emit(PUSH_TOKEN_DEAD_EVENT, payload);
  }

  private async safely(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn(
        `could not record ${what} in the suppression list: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
