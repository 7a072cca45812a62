import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { PushChannelProtocol, SMSChannelProtocol } from '@herald/contracts';
import { HeraldError } from '@herald/contracts';

type Closable = { close?(): unknown };

/**
 * Every SMS and push channel one `NotificationModule` built, by name. The
 * named and primary injection tokens resolve through it; it also closes the
 * channels' connections when the application shuts down.
 *
 * @example registry.sms('twilio-eu').send({ to, body })
 */
@Injectable()
export class NotificationChannelRegistry implements OnApplicationShutdown {
  private readonly smsChannels = new Map<string, SMSChannelProtocol>();
  private readonly pushChannels = new Map<string, PushChannelProtocol>();
  private primarySmsName?: string;
  private primaryPushName?: string;

  addSms(channel: SMSChannelProtocol, primary = false): void {
    this.smsChannels.set(channel.name, channel);
    if (primary) this.primarySmsName = channel.name;
  }

  addPush(channel: PushChannelProtocol, primary = false): void {
    this.pushChannels.set(channel.name, channel);
    if (primary) this.primaryPushName = channel.name;
  }

  /** The SMS backend called `name`, or the primary one. */
  sms(name?: string): SMSChannelProtocol {
    return pick(
      'SMS',
      'sms_backends',
      this.smsChannels,
      name ?? this.primarySmsName,
      name === undefined,
    );
  }

  /** The push backend called `name`, or the primary one. */
  push(name?: string): PushChannelProtocol {
    return pick(
      'push',
      'push_backends',
      this.pushChannels,
      name ?? this.primaryPushName,
      name === undefined,
    );
  }

  hasPrimarySms(): boolean {
    return this.primarySmsName !== undefined;
  }

  hasPrimaryPush(): boolean {
    return this.primaryPushName !== undefined;
  }

  smsNames(): string[] {
    return [...this.smsChannels.keys()];
  }

  pushNames(): string[] {
    return [...this.pushChannels.keys()];
  }

  async onApplicationShutdown(): Promise<void> {
    const all = [...this.smsChannels.values(), ...this.pushChannels.values()] as Closable[];
    await Promise.allSettled(all.map((c) => c.close?.()));
  }
}

function pick<T>(
  kind: string,
  list: string,
  map: Map<string, T>,
  name: string | undefined,
  primary: boolean,
): T {
  const found = name === undefined ? undefined : map.get(name);
  if (found) return found;
  const known = [...map.keys()].map((n) => `"${n}"`).join(', ') || 'none';
  throw new HeraldError(
    primary
      ? `No ${kind} backend is marked primary (configured: ${known}). Set primary: true on one entry of notification.${list}, or inject one by name.`
      : `No ${kind} backend is called "${name}" (configured: ${known}). Add it to notification.${list} or fix the name.`,
    { code: 'HERALD_UNKNOWN_BACKEND' },
  );
}
