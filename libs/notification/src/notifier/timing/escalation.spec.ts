import type { TestingModule } from '@nestjs/testing';
import { MAILER } from '@herald/contracts';
import { InboxService } from '../../inbox/inbox.service.js';
import { Mailable } from '../../mailer/mailable.js';
import type { InMemoryMailer } from '../../memory/in-memory-mailer.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import { UnknownChannelError } from '../errors/unknown-channel.error.js';
import { Notification } from '../notification.js';
import { NotifierService } from '../notifier.service.js';
import { NOTIFIER_PARTS } from '../notifier.constants.js';
import type { NotifierParts } from '../notifier-parts.interface.js';
import type { TimerNotifierScheduler } from './timer-notifier.scheduler.js';
import type { EscalationStep } from './timing-rules.js';

const MIN = 60_000;
const ada = { id: 'u-ada', email: 'ada@example.com', name: 'Ada' };

class Approval extends Notification<typeof ada> {
  constructor(
    override readonly escalation: readonly EscalationStep[] = [
      { afterMs: 15 * MIN, via: ['mail'] },
    ],
  ) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: 'Approve PR', body: 'PR 7 waits for you' };
  }
  toMail() {
    return new Mailable().subject('Still waiting: PR 7').text('Please approve');
  }
}

describe('escalation, scheduled sends and cancel on inline timers (fake clock)', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let inbox: InboxService;
  let mailer: InMemoryMailer;

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    app = await notifierTestApp({ inlineTimers: true });
    notifier = app.get(NotifierService);
    inbox = app.get(InboxService);
    mailer = app.get(MAILER);
  });
  afterEach(async () => {
    await app.close();
    jest.useRealTimers();
  });

  const mails = () => mailer.sent.filter((m) => m.subject === 'Still waiting: PR 7');

  it('mails when the inbox message is still unread after 15 minutes', async () => {
    const { notificationId } = await notifier.notify(ada, new Approval());
    expect((await inbox.getInbox(ada.id)).unreadCount).toBe(1);
    await jest.advanceTimersByTimeAsync(15 * MIN - 1000);
    expect(mails()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1000);
    expect(mails()).toHaveLength(1);
    const deliveries = await notifier.deliveries(notificationId);
    expect(deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['inbox', 'sent'],
      ['mail', 'sent'],
    ]);
  });

  it('sends nothing more once the message is read (the read event removes the step)', async () => {
    await notifier.notify(ada, new Approval());
    const scheduler = app.get<NotifierParts>(NOTIFIER_PARTS).scheduler as TimerNotifierScheduler;
    expect(scheduler.pending()).toHaveLength(1);
    const [message] = (await inbox.getInbox(ada.id)).notifications;
    expect(await inbox.markRead(ada.id, message.id)).toBe(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(scheduler.pending()).toEqual([]);
    await jest.advanceTimersByTimeAsync(20 * MIN);
    expect(mails()).toHaveLength(0);
  });

  it('checks read state when the step fires (read with no event: markAllRead)', async () => {
    await notifier.notify(ada, new Approval());
    await inbox.markAllRead(ada.id);
    await jest.advanceTimersByTimeAsync(20 * MIN);
    expect(mails()).toHaveLength(0);
  });

  it("escalates 'always' steps even when read, each step at its time", async () => {
    await notifier.notify(
      ada,
      new Approval([
        { afterMs: MIN, via: ['mail'], when: 'always' },
        { afterMs: 5 * MIN, via: ['mail'] },
      ]),
    );
    await inbox.markAllRead(ada.id);
    await jest.advanceTimersByTimeAsync(MIN);
    expect(mails()).toHaveLength(1);
    // step 2 is the same mail to the same address: its delivery id is the same, not sent twice
    await jest.advanceTimersByTimeAsync(5 * MIN);
    expect(mails()).toHaveLength(1);
  });

  it('cancel(id) stops the waiting escalation and records the notification cancelled', async () => {
    const { notificationId } = await notifier.notify(ada, new Approval());
    expect(await notifier.cancel(notificationId)).toBe(true);
    expect((await notifier.get(notificationId))?.status).toBe('cancelled');
    expect(await notifier.cancel(notificationId)).toBe(false);
    // nothing left to cancel: all sent, the record stays dispatched
    const done = await notifier.notify(ada, new Approval([]));
    expect(await notifier.cancel(done.notificationId)).toBe(false);
    expect((await notifier.get(done.notificationId))?.status).toBe('dispatched');
    await jest.advanceTimersByTimeAsync(20 * MIN);
    expect(mails()).toHaveLength(0);
  });

  it('scheduled send runs on a timer inline, cancel before it is due sends nothing', async () => {
    const later = await notifier.notify(ada, new Approval([]), { delayMs: 10 * MIN });
    const never = await notifier.notify(ada, new Approval([]), { delayMs: 10 * MIN });
    expect(later.status).toBe('scheduled');
    expect(await notifier.cancel(never.notificationId)).toBe(true);
    await jest.advanceTimersByTimeAsync(10 * MIN);
    expect((await notifier.get(later.notificationId))?.status).toBe('dispatched');
    expect((await notifier.get(never.notificationId))?.status).toBe('cancelled');
    expect((await inbox.getInbox(ada.id)).notifications).toHaveLength(1);
  });

  it('rejects bad escalation steps with typed errors before anything is sent', async () => {
    await expect(
      notifier.notify(ada, new Approval([{ afterMs: -5, via: ['mail'] }])),
    ).rejects.toThrow(TimingRuleError);
    await expect(
      notifier.notify(ada, new Approval([{ afterMs: -5, via: ['mail'] }])),
    ).rejects.toThrow(
      /Approval.escalation\[0\].afterMs must be a number of milliseconds above 0 \(got -5\)/,
    );
    await expect(
      notifier.notify(ada, new Approval([{ afterMs: MIN, via: ['pager'] }])),
    ).rejects.toThrow(UnknownChannelError);
    await expect(notifier.notify(ada, new Approval([{ afterMs: MIN, via: [] }]))).rejects.toThrow(
      /escalation\[0\].via must be a non-empty array/,
    );
    expect((await inbox.getInbox(ada.id)).notifications).toHaveLength(0);
  });
});

describe('escalation without a scheduler', () => {
  it('is a typed config error inline without inlineTimers', async () => {
    const app = await notifierTestApp();
    const error = await app
      .get(NotifierService)
      .notify(ada, new Approval())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotifierConfigError);
    expect((error as Error).message).toContain('inlineTimers: true');
    await app.close();
  });
});
