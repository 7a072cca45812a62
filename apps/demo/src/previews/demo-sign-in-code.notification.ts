import { Notification, type RecipientLike } from '@herald/notification';

/** A one-time sign-in code: every channel from `templates/sign-in-code/` (the mail's text part derived from its HTML). */
export class DemoSignInCode extends Notification {
  override readonly type = 'demo.sign-in-code';
  override readonly category = 'security';
  override readonly critical = true;
  override readonly template = 'sign-in-code';

  constructor(
    private readonly code: string,
    private readonly minutes: number,
  ) {
    super();
  }

  via(): string[] {
    return ['mail', 'sms', 'push', 'inbox'];
  }

  override templateData(user: RecipientLike) {
    return { name: user.name ?? user.id, shop: 'Herald', code: this.code, minutes: this.minutes };
  }
}
