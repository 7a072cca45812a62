import type { SMSChannelProtocol, SmsMessage, SmsSendResult } from '@herald/contracts';
import { DeliveryError } from '@herald/notification';

/**
 * A provider outage, simulated so the delivery log has something to show:
 * `down` answers 503 to everything, `flaky` fails the first two attempts of
 * each message, `reject` refuses the recipient (a permanent error). Demo only:
 * real backends come from `notification.sms_backends`.
 */
export class SimulatedOutageSmsChannel implements SMSChannelProtocol {
  private readonly attempts = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly mode: 'down' | 'flaky' | 'reject',
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const key = message.idempotencyKey ?? `${message.to}:${message.body}`;
    const attempt = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempt);
    if (this.mode === 'reject') {
      throw new DeliveryError(`simulated: ${this.name} rejects the number (21211)`, {
        reason: 'invalid_recipient',
        backend: this.name,
        statusCode: 400,
      });
    }
    if (this.mode === 'down' || attempt <= 2) {
      throw new DeliveryError(`simulated: ${this.name} answered 503 (attempt ${attempt})`, {
        reason: 'provider_unavailable',
        backend: this.name,
        statusCode: 503,
      });
    }
    this.attempts.delete(key);
    return { messageId: `SIM${Date.now().toString(36)}`, backend: this.name, status: 'queued' };
  }
}

/**
 * What the demo's send form offers: a backend chain per scenario. No
 * prototype: a name such as `constructor` or `__proto__` finds nothing.
 */
export const DEMO_SCENARIOS: Readonly<Record<string, { label: string; chain: string[] }>> =
  Object.assign(Object.create(null) as Record<string, { label: string; chain: string[] }>, {
    ok: { label: 'Normal: the log backend accepts', chain: ['demo-log'] },
    failover: {
      label: 'Failover: primary down, fallback delivers',
      chain: ['demo-down', 'demo-log'],
    },
    flaky: { label: 'Retry: fails twice, then succeeds', chain: ['demo-flaky'] },
    permanent: { label: 'Permanent error: never retried', chain: ['demo-reject'] },
    dead: { label: 'Outage: every attempt fails, ends dead', chain: ['demo-down'] },
  });
