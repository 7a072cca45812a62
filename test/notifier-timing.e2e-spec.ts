import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  DigestGate,
  Mailable,
  Notification,
  NotifierService,
  RedisNotificationDigester,
  RedisThrottleStore,
  quietHoursGate,
  throttleGate,
  type DigestBatch,
  type DigestRule,
  type EscalationStep,
  type QuietHoursWindow,
  type RecipientProfile,
  type ThrottleRule,
} from '@herald/notification';
import { connectionFromUrl } from '@herald/notification/bullmq';
import { InboxService } from '@herald/notification/inbox';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';

const run = `${process.pid}-${Date.now()}`;
const ZONE = 'Asia/Kolkata';

class Approval extends Notification {
  override readonly category = 'approvals';
  constructor(
    readonly label: string,
    override readonly escalation: readonly EscalationStep[] = [{ afterMs: 400, via: ['mail'] }],
  ) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: `Approve ${this.label}`, body: 'waiting for you' };
  }
  toMail() {
    return new Mailable().subject(`Still waiting: ${this.label}`).text('please approve');
  }
}

class Reminder extends Notification {
  override readonly category = 'reminders';
  constructor(readonly label: string) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: this.label, body: 'b' };
  }
}

class CommentAdded extends Notification {
  override readonly category = 'comments';
  override readonly digest: DigestRule = { windowMs: 1500, key: `comments-${run}` };
  constructor(readonly n: number) {
    super();
  }
  via() {
    return ['mail'];
  }
  toMail() {
    return new Mailable().subject(`Comment ${this.n}`).text(`body ${this.n}`);
  }
  renderDigest(_channel: string, _user: RecipientProfile, batch: DigestBatch) {
    return new Mailable()
      .subject(`${batch.items.length} new comments (${run})`)
      .text(batch.items.map((i) => (i.content as { subject: string }).subject).join(', '));
  }
}

class Ping extends Notification {
  constructor(
    override readonly category: string,
    override readonly throttle: ThrottleRule,
    readonly n: number,
  ) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: `ping ${this.n}`, body: 'b' };
  }
}

class Digester extends RedisNotificationDigester {
  constructor() {
    super({ prefix: `herald-test-${run}` });
  }
}

/** Quiet hours only for users "quiet-*", in a window set by the test. */
let quietWindow: QuietHoursWindow = { start: '00:00', end: '00:01' };
const QuietHours = quietHoursGate({
  start: '22:00',
  end: '07:00',
  forRecipient: (r) => (r.id?.startsWith('quiet-') ? quietWindow : null),
});
const Throttle = throttleGate({ store: new RedisThrottleStore({ prefix: `herald-test-${run}` }) });

function localClock(at: number, timeZone: string): { hh: number; mm: number; ss: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { hh: parts.hour, mm: parts.minute, ss: parts.second };
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe.each(['postgres', 'sqlite'] as const)(
  'notifier timing on %s with BullMQ and Redis (fake SendGrid)',
  (db) => {
    const fakes = {} as NotifierFakes;
    let harness: NotifierTestApp;
    let notifier: NotifierService;
    let inbox: InboxService;
    let jobs: Queue;

    beforeAll(async () => {
      fakes.twilio = await new FakeTwilioServer().start();
      fakes.fcm = await new FakeFcmServer().start();
      fakes.sendgrid = await new FakeSendgridServer().start();
      harness = await startNotifierApp(
        db,
        'bullmq',
        fakes,
        [QuietHours, DigestGate, Throttle],
        { outbox: { pollIntervalMs: 200 } },
        undefined,
        { digester: Digester },
      );
      notifier = harness.app.get(NotifierService);
      inbox = harness.app.get(InboxService);
      jobs = new Queue(`${harness.queueName}-notifier`, {
        connection: connectionFromUrl(),
        prefix: harness.prefix,
      });
    });
    afterAll(async () => {
      await jobs?.close();
      await harness?.close();
      await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
    });

    const mailsWith = (subject: string) =>
      fakes.sendgrid.mails.filter((m) => m.subject === subject);
    const inboxOf = async (user: string) =>
      (await inbox.getInbox(user)).notifications.map((m) => m.title).sort();

    it('escalates to mail through a delayed BullMQ job while the inbox message is unread', async () => {
      const user = { id: `esc-${db}-1`, email: 'one@example.com' };
      const { notificationId } = await notifier.notify(user, new Approval(`${db}-A`));
      expect(await jobs.getJob(`${notificationId}.e0`)).toBeDefined();
      await until(() => mailsWith(`Still waiting: ${db}-A`).length === 1);
      await until(async () => {
        const d = await notifier.deliveries(notificationId);
        return d.length === 2 && d.every((r) => r.status === 'sent');
      });
      expect((await notifier.deliveries(notificationId)).map((d) => d.channel).sort()).toEqual([
        'inbox',
        'mail',
      ]);
    });

    it('drops the escalation when the message is read first, and on cancel(id)', async () => {
      const reader = { id: `esc-${db}-2`, email: 'two@example.com' };
      const read = await notifier.notify(
        reader,
        new Approval(`${db}-B`, [{ afterMs: 1500, via: ['mail'] }]),
      );
      const cancelled = await notifier.notify(
        reader,
        new Approval(`${db}-C`, [{ afterMs: 1500, via: ['mail'] }]),
      );
      await until(async () => (await inbox.getInbox(reader.id)).notifications.length === 2);
      const message = (await inbox.getInbox(reader.id)).notifications.find(
        (m) => m.title === `Approve ${db}-B`,
      )!;
      await inbox.markRead(reader.id, message.id);
      await until(async () => (await jobs.getJob(`${read.notificationId}.e0`)) === undefined);
      expect(await notifier.cancel(cancelled.notificationId)).toBe(true);
      expect((await notifier.get(cancelled.notificationId))?.status).toBe('cancelled');
      expect(await jobs.getJob(`${cancelled.notificationId}.e0`)).toBeUndefined();
      // a control escalation scheduled later fires: the two above would have fired before it
      const control = await notifier.notify(
        { id: `esc-${db}-3`, email: 'three@example.com' },
        new Approval(`${db}-D`, [{ afterMs: 1600, via: ['mail'] }]),
      );
      await until(() => mailsWith(`Still waiting: ${db}-D`).length === 1);
      expect(control.status).toBe('dispatched');
      expect(mailsWith(`Still waiting: ${db}-B`)).toHaveLength(0);
      expect(mailsWith(`Still waiting: ${db}-C`)).toHaveLength(0);
    });

    it('escalates a notification sent after commit through the outbox; a rollback escalates nothing', async () => {
      const dataSource = harness.app.get(DataSource);
      const user = { id: `esc-${db}-tx`, email: 'tx@example.com' };
      let id = '';
      await dataSource.transaction(async (manager) => {
        const result = await notifier.notify(user, new Approval(`${db}-TX`), {
          transaction: manager,
        });
        expect(result.status).toBe('pending');
        id = result.notificationId;
      });
      await expect(
        dataSource.transaction(async (manager) => {
          await notifier.notify(user, new Approval(`${db}-RB`), { transaction: manager });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await until(() => mailsWith(`Still waiting: ${db}-TX`).length === 1);
      expect((await notifier.deliveries(id)).map((d) => d.channel).sort()).toEqual([
        'inbox',
        'mail',
      ]);
      expect(mailsWith(`Still waiting: ${db}-RB`)).toHaveLength(0);
    });

    it('cancel(id) of a scheduled notification removes its delayed job', async () => {
      const user = { id: `sched-${db}`, email: 'x@example.com' };
      const later = await notifier.notify(user, new Reminder('later'), { delayMs: 60_000 });
      expect(await jobs.getJob(later.notificationId)).toBeDefined();
      expect(await notifier.cancel(later.notificationId)).toBe(true);
      expect(await jobs.getJob(later.notificationId)).toBeUndefined();
      expect((await notifier.get(later.notificationId))?.status).toBe('cancelled');
    });

    // waits for the next minute of the zone's clock: once, on PostgreSQL
    (db === 'postgres' ? it : it.skip)(
      'defers a non-critical send to the end of quiet hours in the recipient zone',
      async () => {
        let now = localClock(Date.now(), ZONE);
        if (now.ss > 55) {
          await until(() => localClock(Date.now(), ZONE).ss < 5, 10_000);
          now = localClock(Date.now(), ZONE);
        }
        const minute = now.hh * 60 + now.mm;
        quietWindow = { start: hhmm(minute), end: hhmm(minute + 1) };
        const sleeper = { id: `quiet-${db}-kolkata`, timeZone: ZONE };
        const awake = { id: `quiet-${db}-utc`, timeZone: 'UTC' }; // 5:30 behind: outside the window
        const held = await notifier.notify(sleeper, new Reminder('good morning'));
        const sent = await notifier.notify(awake, new Reminder('good morning'));
        expect(held.deliveries).toEqual([
          expect.objectContaining({
            status: 'deferred',
            reason: `quiet hours ${quietWindow.start}-${quietWindow.end} ${ZONE}`,
          }),
        ]);
        expect(sent.deliveries).toEqual([expect.objectContaining({ status: 'queued' })]);
        const [delayed] = (await jobs.getDelayed()).filter(
          (j) => j.data.plan.notification.id === held.notificationId,
        );
        const due = delayed.timestamp + (delayed.opts.delay ?? 0);
        expect(localClock(due, ZONE)).toMatchObject({ mm: (now.mm + 1) % 60, ss: 0 });
        await until(async () => (await inboxOf(awake.id)).length === 1);
        expect(await inboxOf(sleeper.id)).toEqual([]);
        await until(async () => (await inboxOf(sleeper.id)).length === 1, 70_000);
      },
      90_000,
    );

    it('folds 5 comments within the window into 1 mail rendering all 5 (Redis digester)', async () => {
      const user = { id: `digest-${db}`, email: 'digest@example.com' };
      for (let n = 1; n <= 5; n++) {
        const result = await notifier.notify(user, new CommentAdded(n));
        expect(result.deliveries).toEqual([expect.objectContaining({ status: 'digested' })]);
      }
      await until(() => mailsWith(`5 new comments (${run})`).length === 1);
      const [mail] = mailsWith(`5 new comments (${run})`);
      expect(mail.content[0].value).toBe('Comment 1, Comment 2, Comment 3, Comment 4, Comment 5');
      expect(fakes.sendgrid.mails.filter((m) => /^Comment \d$/.test(m.subject))).toHaveLength(0);
    });

    it('throttles per user and category in Redis: drop records throttled, defer sends later', async () => {
      const user = { id: `throttle-${db}` };
      const drop: ThrottleRule = { limit: 2, perMs: 60_000 };
      const results = [];
      for (let n = 1; n <= 4; n++)
        results.push(await notifier.notify(user, new Ping(`drop-${db}-${run}`, drop, n)));
      expect(results.map((r) => r.deliveries[0].status)).toEqual([
        'queued',
        'queued',
        'throttled',
        'throttled',
      ]);
      expect(await notifier.deliveries(results[3].notificationId)).toEqual([
        expect.objectContaining({
          status: 'throttled',
          lastError: expect.stringContaining('rate limit: 2 per 60000 ms'),
        }),
      ]);
      const defer: ThrottleRule = { limit: 1, perMs: 1000, mode: 'defer' };
      await notifier.notify(user, new Ping(`defer-${db}-${run}`, defer, 5));
      const later = await notifier.notify(user, new Ping(`defer-${db}-${run}`, defer, 6));
      expect(later.deliveries[0].status).toBe('deferred');
      await until(async () => (await inboxOf(user.id)).length === 4);
      expect(await inboxOf(user.id)).toEqual(['ping 1', 'ping 2', 'ping 5', 'ping 6']);
    });
  },
);

describe('Redis timing stores', () => {
  const prefix = `herald-test-stores-${run}`;

  it('RedisThrottleStore: sliding window shared by two clients, retry time of the oldest slot', async () => {
    const a = new RedisThrottleStore({ prefix });
    const b = new RedisThrottleStore({ prefix });
    try {
      expect(await a.take('k', 2, 1000, 10_000)).toEqual({ allowed: true });
      expect(await b.take('k', 2, 1000, 10_400)).toEqual({ allowed: true });
      expect(await a.take('k', 2, 1000, 10_500)).toEqual({ allowed: false, retryAtMs: 11_000 });
      expect(await b.take('k', 2, 1000, 11_000)).toEqual({ allowed: true });
      expect(await a.take('other', 2, 1000, 10_500)).toEqual({ allowed: true });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('RedisNotificationDigester: one window per key opened by the first entry, read and cleared', async () => {
    const digester = new RedisNotificationDigester({ prefix });
    const entry = (key: string, n: number) => ({
      key,
      windowMs: 60_000,
      context: {
        notification: { id: `ntf_${n}`, type: 'T', category: 'c', critical: false },
        recipient: { id: 'u' },
        channel: 'inbox',
        address: 'u',
        now: n,
        stage: 'notify' as const,
      },
      content: { n },
    });
    try {
      const key = `k-${run}`;
      const [end] = await digester.push([entry(key, 1)], Date.now());
      const ends = await digester.push([entry(key, 2), entry(`${key}-2`, 3)], Date.now());
      expect(ends[0]).toBe(end);
      expect(ends[1]).not.toBe(undefined);
      expect((await digester.read(key, end)).map((e) => e.content)).toEqual([{ n: 1 }, { n: 2 }]);
      await digester.clear(key, end);
      expect(await digester.read(key, end)).toEqual([]);
      await digester.clear(`${key}-2`, ends[1]);
    } finally {
      await digester.close();
    }
  });
});
