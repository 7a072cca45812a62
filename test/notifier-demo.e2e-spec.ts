import type { INestApplication } from '@nestjs/common';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

interface LoggedNotification {
  notification: {
    id: string;
    type: string;
    status: string;
    recipients: number;
    deliveries: number;
  };
  deliveries: Array<{
    id: string;
    channel: string;
    status: string;
    recipient: string;
    lastError?: string;
    notificationId: string;
  }>;
}

describe('demo: notify a demo user, then see the notification and its deliveries in the log', () => {
  let app: INestApplication;
  let url: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ({ app, url } = await startDemoApp());
    auth = bearer(await loginAs(app, 'alice'));
  });
  afterAll(() => app.close());

  const notify = (body: Record<string, unknown>, headers = auth) =>
    fetch(`${url}/admin/deliveries/notify`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  const log = async (): Promise<LoggedNotification[]> =>
    (
      (await (
        await fetch(`${url}/admin/deliveries/notifications.json`, { headers: auth })
      ).json()) as {
        notifications: LoggedNotification[];
      }
    ).notifications;

  it('sends one notification to the chosen user over every channel they can be reached on', async () => {
    const res = await notify({ user: 'bob' });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { notificationId: string; status: string };
    expect(body.status).toBe('dispatched');
    const entry = (await log()).find((n) => n.notification.id === body.notificationId)!;
    expect(entry.notification).toMatchObject({
      type: 'demo.welcome',
      status: 'dispatched',
      recipients: 1,
      deliveries: 4,
    });
    const byChannel = Object.fromEntries(entry.deliveries.map((d) => [d.channel, d]));
    expect(byChannel.inbox.status).toBe('sent');
    expect(byChannel.mail.status).toBe('sent');
    expect(byChannel.mail.recipient).not.toContain('bob@herald.local'); // masked
    expect(byChannel.sms).toMatchObject({
      status: 'skipped',
      lastError: 'no phone number for user "bob"',
    });
    expect(byChannel.push).toMatchObject({
      status: 'skipped',
      lastError: 'no live device token for user "bob"',
    });
    expect(entry.deliveries.every((d) => d.notificationId === body.notificationId)).toBe(true);
    // bob's inbox got it
    const bobAuth = bearer(await loginAs(app, 'bob'));
    const inbox = (await (
      await fetch(`${url}/admin/notifications/inbox`, { headers: bobAuth })
    ).json()) as {
      notifications: Array<{ title: string }>;
    };
    expect(inbox.notifications[0].title).toBe('Hello Bob (operator)');
  });

  it('notifies the signed-in user by default; Alice has a phone and a device', async () => {
    const res = await notify({});
    const { notificationId } = (await res.json()) as { notificationId: string };
    const entry = (await log()).find((n) => n.notification.id === notificationId)!;
    expect(entry.deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['inbox', 'sent'],
      ['mail', 'sent'],
      ['push', 'sent'],
      ['sms', 'sent'],
    ]);
    const page = await (await fetch(`${url}/admin/deliveries`, { headers: auth })).text();
    expect(page).toContain('<h2>Notifications</h2>');
    expect(page).toContain(`data-notification="${notificationId}"`);
    expect(page).toContain('Notify a demo user');
  });

  it('asks for a login and refuses unknown users', async () => {
    expect((await notify({ user: 'bob' }, {})).status).toBe(401);
    expect((await notify({ user: 'mallory' })).status).toBe(400);
    expect((await notify({ user: 'bob', extra: 1 })).status).toBe(400);
    expect((await fetch(`${url}/admin/deliveries/notifications.json`)).status).toBe(401);
    expect(
      (await fetch(`${url}/admin/deliveries/notifications.json?limit=0`, { headers: auth })).status,
    ).toBe(400);
  });
});
