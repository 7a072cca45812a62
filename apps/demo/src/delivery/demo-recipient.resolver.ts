import { Injectable } from '@nestjs/common';
import type { RecipientLike, RecipientResolver } from '@herald/notification';
import { DEMO_USERS } from '../auth/demo-users.js';

/**
 * Addresses of the demo users. Some are missing on purpose, so the log shows
 * what the notifier does then: Bob has no phone and Carol no email (their
 * SMS or mail is recorded `skipped`, with the reason), only Alice has a device.
 */
const CONTACTS: Readonly<Record<string, { email?: string; phone?: string }>> = {
  alice: { email: 'alice@herald.local', phone: '+15005550006' },
  bob: { email: 'bob@herald.local' },
  carol: { phone: '+15005550007' },
};

/** The demo's `RecipientResolver`: a demo user id to their name and addresses. */
@Injectable()
export class DemoRecipientResolver implements RecipientResolver {
  async resolve(ids: readonly string[]): Promise<Array<RecipientLike | undefined>> {
    return ids.map((id) => {
      const user = DEMO_USERS.find((u) => u.id === id);
      return user && { id: user.id, name: user.name, ...CONTACTS[user.id] };
    });
  }
}

/** Alice's demo device (the log push backend takes any platform). */
export const DEMO_DEVICE = {
  userId: 'alice',
  token: 'demo-device-alice',
  platform: 'fcm',
} as const;
