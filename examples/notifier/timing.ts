import { Module } from '@nestjs/common';
import {
  DigestGate,
  Mailable,
  MemoryNotificationDigester,
  Notification,
  NotifierModule,
  quietHoursGate,
  RedisThrottleStore,
  throttleGate,
  type DigestBatch,
  type RecipientProfile,
} from '@herald/notification';

interface User {
  id: string;
  email: string;
}

export class ApprovalNeeded extends Notification<User> {
  // inbox now; mail if the inbox message is still unread after 15 minutes
  override readonly escalation = [{ afterMs: 15 * 60_000, via: ['mail'] }];
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: 'Approve PR 7', body: 'Your review is needed.' };
  }
  toMail() {
    return new Mailable().subject('Still waiting: PR 7').text('Your review is needed.');
  }
}

export class CommentAdded extends Notification<User> {
  override readonly category = 'comments';
  override readonly digest = { windowMs: 10 * 60_000 }; // one mail per 10 minutes
  override readonly throttle = { limit: 20, perMs: 3_600_000 }; // and never more than 20 an hour

  constructor(
    private readonly post: string,
    private readonly text: string,
  ) {
    super();
  }
  via() {
    return ['mail'];
  }
  toMail() {
    return new Mailable().subject(`New comment on ${this.post}`).text(this.text);
  }
  renderDigest(channel: string, user: RecipientProfile, batch: DigestBatch) {
    return new Mailable()
      .subject(`${batch.items.length} new comments`)
      .text(batch.items.map((i) => (i.content as { subject: string }).subject).join('\n'));
  }
}

@Module({
  imports: [
    NotifierModule.forRoot(
      {},
      {
        gates: [
          quietHoursGate({ start: '22:00', end: '07:00', channels: ['sms', 'push'] }),
          DigestGate,
          throttleGate({ store: new RedisThrottleStore({ redisUrl: 'redis://127.0.0.1:6379' }) }),
        ],
        // or a RedisNotificationDigester for several instances
        digester: MemoryNotificationDigester,
      },
    ),
  ],
})
export class TimingModule {}
