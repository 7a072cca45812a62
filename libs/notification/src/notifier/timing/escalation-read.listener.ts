import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { isOptionalAvailable, requireOptional } from '@herald/contracts/internal';
import { INBOX_READ_EVENT, type InboxMessageChangedEvent } from '../../inbox/inbox.events.js';
import { NOTIFIER_TIMING } from '../notifier.constants.js';
import type { NotifierTiming } from './notifier-timing.js';

interface Listenable {
  on(event: string, listener: (payload: InboxMessageChangedEvent) => void): unknown;
  off(event: string, listener: (payload: InboxMessageChangedEvent) => void): unknown;
}

/**
 * Removes a notification's waiting escalation steps as soon as its inbox
 * message is read (`INBOX_READ_EVENT` on the application's `EventEmitter2`).
 * Without an emitter, the read state is still checked when a step fires.
 */
@Injectable()
export class EscalationReadListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('NotifierEscalation');
  private emitter?: Listenable;
  private readonly listener = (event: InboxMessageChangedEvent): void => {
    if (!event || typeof event.userId !== 'string' || typeof event.messageId !== 'string') return;
    this.timing
      .onRead(event.userId, event.messageId)
      .catch((error: unknown) =>
        this.logger.warn(`escalation not removed on read: ${(error as Error).message}`),
      );
  };

  constructor(
    @Inject(NOTIFIER_TIMING) private readonly timing: NotifierTiming,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    if (!isOptionalAvailable('@nestjs/event-emitter')) return;
    const { EventEmitter2 } = requireOptional<typeof import('@nestjs/event-emitter')>(
      '@nestjs/event-emitter',
      'cancelling escalations when an inbox message is read',
    );
    try {
      this.emitter = this.moduleRef.get(EventEmitter2, { strict: false }) as unknown as Listenable;
    } catch {
      return;
    }
    this.emitter.on(INBOX_READ_EVENT, this.listener);
  }

  onApplicationShutdown(): void {
    this.emitter?.off(INBOX_READ_EVENT, this.listener);
  }
}
