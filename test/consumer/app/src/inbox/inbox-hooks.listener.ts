import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { INBOX_SENT_HOOK, type InboxMessage } from '@herald/contracts';

/** Remembers the ids that `INBOX_SENT_HOOK` announced. */
@Injectable()
export class InboxHooksListener {
  readonly sent: string[] = [];

  @OnEvent(INBOX_SENT_HOOK)
  onSent(message: InboxMessage): void {
    this.sent.push(message.id);
  }
}
