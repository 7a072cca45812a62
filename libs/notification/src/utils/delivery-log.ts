import { randomUUID } from 'node:crypto';

/** One delivery a `log` driver recorded instead of sending. */
export interface DeliveryLogEntry<T> {
  id: string;
  channel: 'sms' | 'push' | 'mail' | 'chat';
  backend: string;
  recipient: string;
  message: T;
  at: Date;
}

/**
 * The bounded record of a `log` driver: the newest `capacity` deliveries,
 * newest last. Each driver instance has its own, so nothing leaks between apps.
 */
export class DeliveryLog<T> {
  private readonly items: DeliveryLogEntry<T>[] = [];

  constructor(readonly capacity = 200) {}

  record(
    channel: DeliveryLogEntry<T>['channel'],
    backend: string,
    recipient: string,
    message: T,
  ): DeliveryLogEntry<T> {
    const entry = {
      id: `log-${randomUUID()}`,
      channel,
      backend,
      recipient,
      message,
      at: new Date(),
    };
    this.items.push(entry);
    if (this.items.length > this.capacity) this.items.shift();
    return entry;
  }

  get entries(): readonly DeliveryLogEntry<T>[] {
    return this.items;
  }

  clear(): void {
    this.items.length = 0;
  }
}
