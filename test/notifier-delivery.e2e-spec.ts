import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DEVICE_TOKEN_REMOVED_EVENT } from '@herald/contracts';
import {
  DeviceTokenService,
  GateDecisions,
  Mailable,
  Notification,
  NotifierService,
  type GateContext,
  type NotificationGate,
  smsSegments,
} from '@herald/notification';
import { InboxService } from '@herald/notification/inbox';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';

interface User {
  id: string;
  email?: string;
  phone?: string;
  name?: string;
}

class InvoicePaid extends Notification<User> {
  override readonly category = 'billing';
  constructor(readonly invoice: string) {
    super();
  }
  via(user: User) {
    return user.phone ? ['sms', 'mail', 'push', 'inbox'] : ['mail', 'push', 'inbox'];
  }
  toSms() {
    return `Invoice ${this.invoice} paid`;
  }
  toMail(user: User) {
    return new Mailable().subject(`Invoice ${this.invoice}`).html(`<p>Thanks ${user.name}</p>`);
  }
  toPush() {
    return { title: 'Paid', body: `Invoice ${this.invoice}` };
  }
  toInbox() {
    return { title: 'Invoice paid', body: this.invoice };
  }
}

/** An SMS in Arabic: UCS-2, 70 UTF-16 units a segment (67 each once split). */
class ArabicReminder extends Notification<User> {
  override readonly category = 'billing';
  static readonly BODY = 'تذكير: فاتورتك مستحقة غدًا. '.repeat(4).trim();
  via() {
    return ['sms', 'mail'];
  }
  toSms() {
    return ArabicReminder.BODY;
  }
  toMail() {
    return new Mailable().subject('Reminder').html('<p>Due tomorrow</p>');
  }
}

/** Defers users "later-*" by 300 ms while notify() runs; allows everything when due. */
@Injectable()
class LaterGate implements NotificationGate {
  readonly name = 'later';
  readonly stages: Array<[string | undefined, string]> = [];
  check(ctx: GateContext) {
    this.stages.push([ctx.recipient.id, ctx.stage]);
    return ctx.stage === 'notify' && ctx.recipient.id?.startsWith('later-')
      ? GateDecisions.defer(ctx.now + 300, 'quiet')
      : GateDecisions.allow();
  }
}

const users: User[] = [
  { id: 'u1', email: 'u1@example.com', phone: '+15551110001', name: 'One' },
  { id: 'u2', email: 'u2@example.com', phone: '+15551110002', name: 'Two' },
  { id: 'u3', email: 'u3@example.com', name: 'Three' },
];

describe.each([
  ['postgres', 'bullmq'],
  ['sqlite', 'bullmq'],
  ['postgres', 'inline'],
  ['sqlite', 'inline'],
] as const)('notifier on %s, %s delivery (fake Twilio, FCM, SendGrid)', (db, mode) => {
  const fakes = {} as NotifierFakes;
  let harness: NotifierTestApp;
  let notifier: NotifierService;
  let tokens: DeviceTokenService;
  const removed: unknown[] = [];

  beforeAll(async () => {
    fakes.twilio = await new FakeTwilioServer().start();
    fakes.fcm = await new FakeFcmServer().start();
    fakes.sendgrid = await new FakeSendgridServer().start();
    harness = await startNotifierApp(db, mode, fakes, [LaterGate]);
    notifier = harness.app.get(NotifierService);
    tokens = harness.app.get(DeviceTokenService);
    harness.app.get(EventEmitter2).on(DEVICE_TOKEN_REMOVED_EVENT, (e: unknown) => removed.push(e));
    for (const u of users)
      await tokens.register({ userId: u.id, token: `fcm-${u.id}`, platform: 'fcm' });
    await tokens.register({ userId: 'u1', token: 'fcm-u1-stale', platform: 'fcm', app: 'old' });
    fakes.fcm.deadTokens.add('fcm-u1-stale');
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
  });

  const settled = async (notificationId: string, count: number) => {
    await until(async () => {
      const report = await notifier.status(notificationId);
      const d = report!.deliveries;
      return d.sent + d.failed + d.dead + d.skipped === count;
    });
    return (await notifier.status(notificationId))!;
  };

  it('sends to every channel of each user, a record per delivery linked to the notification', async () => {
    const result = await notifier.notify(users, new InvoicePaid('INV-1'));
    expect(result.status).toBe('dispatched');
    // u1: sms, mail, 2 push tokens, inbox; u2: sms, mail, push, inbox; u3: mail, push, inbox
    expect(result.deliveries).toHaveLength(12);
    if (mode === 'bullmq') expect(result.deliveries.every((d) => d.status === 'queued')).toBe(true);
    const report = await settled(result.notificationId, 12);
    expect(report.deliveries).toMatchObject({ sent: 11, failed: 1 });
    expect(report.notification).toMatchObject({
      type: 'InvoicePaid',
      category: 'billing',
      recipients: 3,
      deliveries: 12,
      status: 'dispatched',
    });
    expect(
      fakes.twilio.messages
        .filter((m) => m.Body === 'Invoice INV-1 paid')
        .map((m) => m.To)
        .sort(),
    ).toEqual(['+15551110001', '+15551110002']);
    const mails = fakes.sendgrid.mails.filter((m) => m.subject === 'Invoice INV-1');
    expect(
      mails
        .map((m) => m.personalizations[0].to[0])
        .sort((a: any, b: any) => a.email.localeCompare(b.email)),
    ).toEqual([
      { email: 'u1@example.com', name: 'One' },
      { email: 'u2@example.com', name: 'Two' },
      { email: 'u3@example.com', name: 'Three' },
    ]);
    expect(
      fakes.fcm.messages
        .filter((m) => m.notification?.body === 'Invoice INV-1')
        .map((m) => m.token)
        .sort(),
    ).toEqual(['fcm-u1', 'fcm-u2', 'fcm-u3']);
    const inbox = await harness.app.get(InboxService).getInbox('u3');
    expect(inbox.notifications[0]).toMatchObject({
      title: 'Invoice paid',
      body: 'INV-1',
      category: 'billing',
    });
    const records = await notifier.deliveries(result.notificationId);
    expect(records).toHaveLength(12);
    expect(records.every((r) => r.notificationId === result.notificationId)).toBe(true);
    // the provider's "this token is gone": failed, token retired, event fired
    const failed = records.find((r) => r.status === 'failed')!;
    expect(failed).toMatchObject({ channel: 'push', recipient: 'fcm-u1-stale' });
    await until(async () => (await tokens.list('u1')).length === 1);
    expect((await tokens.store.get('fcm-u1-stale'))?.deadReason).toBe('UNREGISTERED');
    expect(removed).toContainEqual(
      expect.objectContaining({
        token: 'fcm-u1-stale',
        userId: 'u1',
        reason: 'UNREGISTERED',
        cause: 'dead',
      }),
    );
  });

  it('records the segments and encoding of each SMS on its delivery record (UCS-2 here)', async () => {
    const expected = smsSegments(ArabicReminder.BODY);
    expect(expected).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    const result = await notifier.notify(users[1], new ArabicReminder());
    await settled(result.notificationId, 2);
    expect(fakes.twilio.messages.filter((m) => m.Body === ArabicReminder.BODY)).toHaveLength(1);
    const records = await notifier.deliveries(result.notificationId);
    expect(records.find((r) => r.channel === 'sms')).toMatchObject({
      status: 'sent',
      smsSegments: 2,
      smsEncoding: 'UCS-2',
    });
    const mail = records.find((r) => r.channel === 'mail')!;
    expect(mail.smsSegments).toBeUndefined();
    expect(mail.smsEncoding).toBeUndefined();
  });

  it('skips a channel without an address (recorded with its reason) and never throws for it', async () => {
    const result = await notifier.notify(
      { id: 'ghost', name: 'No address' },
      new InvoicePaid('INV-2'),
    );
    const report = await settled(result.notificationId, 3);
    expect(report.deliveries).toMatchObject({ skipped: 2, sent: 1 });
    const reasons = (await notifier.deliveries(result.notificationId))
      .filter((r) => r.status === 'skipped')
      .map((r) => r.lastError)
      .sort();
    expect(reasons).toEqual([
      'no email address for user "ghost"',
      'no live device token for user "ghost"',
    ]);
  });

  it('turns a repeated idempotency key into one notification', async () => {
    const before = fakes.twilio.messages.length;
    const a = await notifier.notify(users[1], new InvoicePaid('INV-3'), {
      idempotencyKey: 'inv-3',
    });
    const b = await notifier.notify(users[1], new InvoicePaid('INV-3'), {
      idempotencyKey: 'inv-3',
    });
    expect(b).toMatchObject({ notificationId: a.notificationId, duplicate: true });
    await settled(a.notificationId, 4);
    await new Promise((r) => setTimeout(r, 100));
    expect(fakes.twilio.messages.length - before).toBe(1);
  });

  if (mode === 'bullmq') {
    it('schedules the whole notification (delayMs), then dispatches it from the queue', async () => {
      const result = await notifier.notify(users[1], new InvoicePaid('INV-4'), { delayMs: 300 });
      expect(result).toMatchObject({ status: 'scheduled', deliveries: [] });
      expect(result.sendAt!.getTime()).toBeGreaterThan(Date.now());
      expect((await notifier.get(result.notificationId))?.status).toBe('scheduled');
      expect(fakes.twilio.messages.some((m) => m.Body === 'Invoice INV-4 paid')).toBe(false);
      const report = await settled(result.notificationId, 4);
      expect(report.notification).toMatchObject({ status: 'dispatched', deliveries: 4 });
      expect(fakes.twilio.messages.some((m) => m.Body === 'Invoice INV-4 paid')).toBe(true);
    });

    it('cancels a scheduled notification by id (sendAt), and only once', async () => {
      const result = await notifier.notify(users[0], new InvoicePaid('INV-5'), {
        sendAt: new Date(Date.now() + 400),
      });
      expect(await notifier.cancel(result.notificationId)).toBe(true);
      expect(await notifier.cancel(result.notificationId)).toBe(false);
      await new Promise((r) => setTimeout(r, 700));
      expect((await notifier.get(result.notificationId))?.status).toBe('cancelled');
      expect(await notifier.deliveries(result.notificationId)).toEqual([]);
      expect(fakes.twilio.messages.some((m) => m.Body === 'Invoice INV-5 paid')).toBe(false);
    });

    it('dispatches what a gate deferred when it is due, the gates asked again', async () => {
      const gate = harness.app.get(LaterGate);
      const result = await notifier.notify(
        [{ id: 'later-1', phone: '+15551110009' }, users[1]],
        new InvoicePaid('INV-6'),
      );
      // later-1 has no email: mail is skipped while planning; the rest waits for the gate
      expect(
        result.deliveries
          .filter((d) => d.status === 'deferred')
          .map((d) => d.channel)
          .sort(),
      ).toEqual(['inbox', 'push', 'sms']);
      const report = await settled(result.notificationId, 8);
      expect(report.deliveries).toMatchObject({ sent: 6, skipped: 2 });
      expect(gate.stages.filter(([id]) => id === 'later-1').map(([, stage]) => stage)).toEqual([
        'notify',
        'notify',
        'notify',
        'due',
        'due',
        'due',
      ]);
      expect(fakes.twilio.messages.some((m) => m.To === '+15551110009')).toBe(true);
    });
  }
});
