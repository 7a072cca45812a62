import { Mailable, Notification, type RecipientLike } from '@herald/notification';

/**
 * The demo's notification: one per channel the notifier has (inbox, SMS,
 * mail, push), rendered for the person. Sent by "Notify a demo user" on
 * /admin/deliveries.
 */
export class DemoWelcome extends Notification {
  override readonly type = 'demo.welcome';
  override readonly category = 'demo';

  constructor(private readonly sender: string) {
    super();
  }

  via(): string[] {
    return ['inbox', 'sms', 'mail', 'push'];
  }

  toInbox(user: RecipientLike) {
    return { title: `Hello ${user.name}`, body: `${this.sender} sent you a demo notification.` };
  }

  toSms(user: RecipientLike): string {
    return `Herald demo: hello ${user.name}, from ${this.sender}`;
  }

  toMail(user: RecipientLike): Mailable {
    return new Mailable().subject('Herald demo notification').template(
      { html: '<p>Hello {{name}},</p><p>{{sender}} sent you this.</p>' },
      {
        name: user.name,
        sender: this.sender,
      },
    );
  }

  toPush() {
    return { title: 'Herald demo', body: `From ${this.sender}` };
  }
}
