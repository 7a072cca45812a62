import {
  Mailable,
  Notification,
  NotificationPreferencesService,
  NotifierService,
} from '@herald/notification';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';

interface User {
  id: string;
  email: string;
  phone?: string;
}

class Newsletter extends Notification<User> {
  override readonly category: string = 'news';
  constructor(readonly issue: string) {
    super();
  }
  via(user: User) {
    return user.phone ? ['sms', 'mail', 'inbox'] : ['mail', 'inbox'];
  }
  toSms() {
    return `Issue ${this.issue} is out`;
  }
  toMail() {
    return new Mailable().subject(`Issue ${this.issue}`).text('This week at Herald');
  }
  toInbox() {
    return { title: `Issue ${this.issue}`, body: 'This week at Herald' };
  }
}

/** SMS is opt-in for this one: sent only to users who turned it on. */
class SmsOptInNewsletter extends Newsletter {
  override readonly defaultPreferences = { sms: false };
}

class AccountLocked extends Newsletter {
  override readonly critical = true;
}

describe.each([
  ['postgres', 'bullmq'],
  ['sqlite', 'bullmq'],
] as const)('notifier preferences on %s, %s delivery (fake providers)', (db, mode) => {
  const fakes = {} as NotifierFakes;
  let harness: NotifierTestApp;
  let notifier: NotifierService;
  let prefs: NotificationPreferencesService;
  const run = `${db}-${process.pid}`;
  const user = (name: string, phone?: string): User => ({
    id: `${name}-${run}`,
    email: `${name}-${run}@example.com`,
    phone,
  });

  beforeAll(async () => {
    fakes.twilio = await new FakeTwilioServer().start();
    fakes.fcm = await new FakeFcmServer().start();
    fakes.sendgrid = await new FakeSendgridServer().start();
    harness = await startNotifierApp(db, mode, fakes);
    notifier = harness.app.get(NotifierService);
    prefs = harness.app.get(NotificationPreferencesService);
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
  });

  const settled = async (notificationId: string, count: number) => {
    await until(async () => {
      const d = (await notifier.status(notificationId))!.deliveries;
      return d.sent + d.failed + d.dead + d.skipped + d.suppressed === count;
    });
    return (await notifier.status(notificationId))!;
  };
  const mailsTo = (address: string) =>
    fakes.sendgrid.mails.filter((m) => JSON.stringify(m).includes(address));

  it('stores the choices in the database and suppresses what a user turned off', async () => {
    const [ann, bob] = [user('ann'), user('bob')];
    await prefs.set({ userId: ann.id, category: 'news', channel: 'mail', enabled: false });
    const result = await notifier.notify([ann, bob], new Newsletter('1'));
    const report = await settled(result.notificationId, 4);
    expect(report.deliveries).toMatchObject({ sent: 3, suppressed: 1 });
    const records = await notifier.deliveries(result.notificationId);
    expect(records.find((r) => r.status === 'suppressed')).toMatchObject({
      channel: 'mail',
      lastError: 'preference: the user turned mail off for category "news"',
    });
    expect(mailsTo(bob.email)).toHaveLength(1);
    expect(mailsTo(ann.email)).toEqual([]);
  });

  it('asks again when a scheduled notification is due: a choice made after notify() counts', async () => {
    const cid = user('cid', '+15551112001');
    const result = await notifier.notify(cid, new SmsOptInNewsletter('2'), { delayMs: 1500 });
    expect(result.status).toBe('scheduled');
    await prefs.set({ userId: cid.id, category: 'news', channel: 'inbox', enabled: false });
    const report = await settled(result.notificationId, 3);
    // sms: off by default (the class's defaults travel with the job); inbox: turned off since
    expect(report.deliveries).toMatchObject({ sent: 1, suppressed: 2 });
    const records = await notifier.deliveries(result.notificationId);
    expect(
      records
        .map((r) => [r.channel, r.status, r.lastError])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['inbox', 'suppressed', 'preference: the user turned inbox off for category "news"'],
      ['mail', 'sent', undefined],
      [
        'sms',
        'suppressed',
        'preference: sms is off by default for category "news" (SmsOptInNewsletter) and the user has not turned it on',
      ],
    ]);
    expect(fakes.twilio.messages.some((m) => m.To === cid.phone)).toBe(false);
  });

  it('sends critical notifications to every channel whatever the user chose', async () => {
    const dee = user('dee', '+15551112002');
    await prefs.set({ userId: dee.id, category: 'news', channel: 'sms', enabled: false });
    await prefs.set({ userId: dee.id, category: 'news', channel: 'mail', enabled: false });
    const result = await notifier.notify(dee, new AccountLocked('3'));
    const report = await settled(result.notificationId, 3);
    expect(report.deliveries).toMatchObject({ sent: 3, suppressed: 0 });
    expect(fakes.twilio.messages.some((m) => m.To === dee.phone)).toBe(true);
  });
});
