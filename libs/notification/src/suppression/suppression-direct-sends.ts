import type {
  MailerProtocol,
  PushChannelProtocol,
  PushMessage,
  PushSendResult,
  Sendable,
  SmsMessage,
} from '@herald/contracts';
import type { ProviderChannel } from '../delivery/records/delivery-record.js';
import type { DeliveryGuard, DeliveryGuardVerdict } from '../delivery/reliable/delivery-guard.js';
import { SEND } from '../delivery/reliable/delivery-guard.js';
import { buildSendable } from '../delivery/reliable/reliable-mailer.js';
import { DeliveryError } from '../errors/delivery.error.js';
import { DeliverySuppressedError } from '../errors/delivery-suppressed.error.js';
import { deadTokenReason } from '../notifier/devices/dead-token.util.js';
import type { DirectSendGuard } from '../registry/direct-send-guard.js';
import type { SuppressionFeedback } from './suppression-feedback.js';

/** What the suppression module hands the direct-send screen, resolved on the first send. */
export interface DirectSendDeps {
  guards: readonly DeliveryGuard[];
  feedback: SuppressionFeedback;
  /** The device-token registry's `markDead`, when `NotifierModule` has one (it retires dead tokens). */
  markDead?: (token: string, reason: string) => Promise<unknown>;
}

type Named = { readonly name: string };

/**
 * The suppression list for direct sends while reliable delivery is off: the
 * SMS, push and mail backends the registries hand out are wrapped so every
 * `send()` runs the same guards reliable delivery runs (a suppressed SMS or
 * push rejects with `DeliverySuppressedError`, a mail drops its suppressed
 * addresses), and push tokens a provider declares gone are recorded (a
 * Twilio 21610 refusal arrives as `SMS_OPT_OUT_EVENT` from `SmsChannel`).
 * Every other member of a backend is its own.
 */
export class SuppressionDirectSends implements DirectSendGuard {
  private deps?: DirectSendDeps;

  /** `resolve` runs once, on the first send, so module import order does not matter. */
  constructor(private readonly resolve: () => DirectSendDeps) {}

  wrap<T extends object>(channel: ProviderChannel, raw: T): T {
    // chat posts go to channels and chats, not to addresses a person can suppress
    if (channel === 'chat') return raw;
    const overrides: Record<string, unknown> =
      channel === 'push'
        ? {
            send: (m: PushMessage) => this.sendPush(raw as unknown as PushChannelProtocol, m),
            sendBatch: (ms: PushMessage[]) =>
              this.sendPushBatch(raw as unknown as PushChannelProtocol, ms),
          }
        : channel === 'sms'
          ? {
              send: (m: SmsMessage) =>
                this.sendOne(
                  channel,
                  raw as Named & { send(m: unknown): Promise<unknown> },
                  m,
                  m.to,
                ),
            }
          : { send: (mail: Sendable) => this.sendMail(raw as unknown as MailerProtocol, mail) };
    return new Proxy(raw, {
      get(target, prop) {
        if (typeof prop === 'string' && Object.hasOwn(overrides, prop)) return overrides[prop];
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  private get resolved(): DirectSendDeps {
    return (this.deps ??= this.resolve());
  }

  /** Runs the guards in order, as reliable delivery does: a `suppress` ends the chain. */
  private async screen(channel: ProviderChannel, message: unknown): Promise<DeliveryGuardVerdict> {
    let current = message;
    let changed = false;
    for (const guard of this.resolved.guards) {
      const [verdict] = await guard.screen([{ channel, message: current }]);
      if (verdict.action === 'suppress') return verdict;
      if (verdict.message !== undefined) {
        current = verdict.message;
        changed = true;
      }
    }
    return changed ? { action: 'send', message: current } : SEND;
  }

  private async sendOne<M, R>(
    channel: ProviderChannel,
    raw: Named & { send(m: M): Promise<R> },
    message: M,
    recipient: string,
  ): Promise<R> {
    const verdict = await this.screen(channel, message);
    if (verdict.action === 'suppress')
      throw new DeliverySuppressedError('', verdict.reason, channel, raw.name);
    try {
      return await raw.send((verdict.message as M | undefined) ?? message);
    } catch (error) {
      await this.failed(channel, recipient, raw.name, error);
      throw error;
    }
  }

  /** Records what a failed send says (a dead push token; a Twilio 21610 refusal arrives as `SMS_OPT_OUT_EVENT`). */
  private async failed(
    channel: ProviderChannel,
    recipient: string,
    backend: string,
    error: unknown,
  ): Promise<void> {
    const { feedback, markDead } = this.resolved;
    const dead = channel === 'push' ? deadTokenReason(error) : undefined;
    // Reliable delivery's observers retire it in the registry; here the registry is told directly.
    if (dead && markDead) await markDead(recipient, dead).catch(() => undefined);
    await feedback.onSendFailed(channel, recipient, backend, error);
  }

  private sendPush(raw: PushChannelProtocol, message: PushMessage): Promise<PushSendResult> {
    return this.sendOne('push', raw, message, message.token);
  }

  /** Suppressed tokens are reported failed in their results; the rest go in one batch. */
  private async sendPushBatch(
    raw: PushChannelProtocol,
    messages: PushMessage[],
  ): Promise<PushSendResult[]> {
    const verdicts = await Promise.all(messages.map((m) => this.screen('push', m)));
    const passing = messages.filter((_, i) => verdicts[i].action !== 'suppress');
    const sent = passing.length > 0 ? await raw.sendBatch(passing) : [];
    for (const result of sent)
      if (!result.success && result.dead)
        await this.failed(
          'push',
          result.token,
          result.backend ?? raw.name,
          new DeliveryError(result.error?.message ?? 'push token is gone', {
            reason: 'dead_token',
            channel: 'push',
            backend: result.backend ?? raw.name,
            providerCode: result.error?.code,
          }),
        );
    let p = 0;
    return verdicts.map((verdict, i): PushSendResult => {
      if (verdict.action !== 'suppress') return sent[p++];
      return {
        token: messages[i].token,
        success: false,
        backend: raw.name,
        dead: false,
        error: { message: verdict.reason, code: 'suppressed', permanent: true },
      };
    });
  }

  private async sendMail(raw: MailerProtocol, mail: Sendable) {
    const message = await buildSendable(mail);
    const verdict = await this.screen('mail', message);
    if (verdict.action === 'suppress')
      throw new DeliverySuppressedError('', verdict.reason, 'mail', raw.name);
    return raw.send((verdict.message as Sendable | undefined) ?? message);
  }
}
