import type {
  ChatChannelProtocol,
  ChatMessage,
  ChatSendResult,
  PushChannelProtocol,
  PushMessage,
  PushSendResult,
  SMSChannelProtocol,
  SmsMessage,
  SmsSendResult,
} from '@herald/contracts';
import { DeliveryError } from '../../errors/delivery.error.js';
import { CHAT_ADAPTER, PUSH_ADAPTER, SMS_ADAPTER } from './channel-adapters.js';
import type { DeliveryService, WithDeliveryId } from './delivery.service.js';

/**
 * An SMS channel with retries, failover to `chain[1..]`, a circuit breaker
 * per backend and a delivery record per message. Bound in place of the
 * configured backend, so `@InjectSmsChannel()` users get it unchanged.
 */
export class ReliableSmsChannel implements SMSChannelProtocol {
  readonly name: string;

  constructor(
    private readonly delivery: DeliveryService,
    readonly chain: readonly string[],
  ) {
    this.name = chain[0];
  }

  send(message: SmsMessage): Promise<WithDeliveryId<SmsSendResult>> {
    return this.delivery.send(SMS_ADAPTER, this.chain, message);
  }
}

/** The push counterpart of `ReliableSmsChannel`; `sendBatch` delivers each message reliably. */
export class ReliablePushChannel implements PushChannelProtocol {
  readonly name: string;

  constructor(
    private readonly delivery: DeliveryService,
    readonly chain: readonly string[],
  ) {
    this.name = chain[0];
  }

  send(message: PushMessage): Promise<WithDeliveryId<PushSendResult>> {
    return this.delivery.send(PUSH_ADAPTER, this.chain, message);
  }

  /** Never rejects for one message's failure: it is reported in that message's result. */
  sendBatch(messages: PushMessage[]): Promise<PushSendResult[]> {
    return Promise.all(
      messages.map((message) =>
        this.send(message).catch((error: unknown): PushSendResult => ({
          token: message.token,
          success: false,
          backend: error instanceof DeliveryError ? (error.backend ?? this.name) : this.name,
          dead: error instanceof DeliveryError && error.reason === 'dead_token',
          error: {
            message: error instanceof Error ? error.message : String(error),
            code: error instanceof DeliveryError ? error.reason : undefined,
            permanent: !(error instanceof DeliveryError) || error.permanent,
            retryAfterMs: error instanceof DeliveryError ? error.retryAfterMs : undefined,
          },
        })),
      ),
    );
  }
}

/** The chat counterpart of `ReliableSmsChannel`: retries honour `Retry-After`, failover follows `fallbacks`. */
export class ReliableChatChannel implements ChatChannelProtocol {
  readonly name: string;

  constructor(
    private readonly delivery: DeliveryService,
    readonly chain: readonly string[],
  ) {
    this.name = chain[0];
  }

  send(message: ChatMessage): Promise<WithDeliveryId<ChatSendResult>> {
    return this.delivery.send(CHAT_ADAPTER, this.chain, message);
  }
}
