import type { TestingModule } from '@nestjs/testing';
import { MAILER } from '@herald/contracts';
import { Mailable } from '../../mailer/mailable.js';
import type { InMemoryMailer } from '../../memory/in-memory-mailer.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import { Notification } from '../notification.js';
import { NotifierService } from '../notifier.service.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import { NotifierTiming, type NotifierTimingDeps } from '../timing/notifier-timing.js';
import type { DigestRule } from '../timing/timing-rules.js';
import type { DigestBatch } from './digest-batch.js';
import { DigestGate } from './digest.gate.js';
import { MemoryNotificationDigester } from './memory-notification.digester.js';

const MIN = 60_000;
const ada = { id: 'u-ada', email: 'ada@example.com' };

export class CommentAdded extends Notification {
  override readonly category = 'comments';
  override readonly digest: DigestRule = { windowMs: 10 * MIN };
  constructor(
    readonly n: number,
    override readonly critical = false,
  ) {
    super();
  }
  via() {
    return ['mail'];
  }
  toMail() {
    return new Mailable().subject(`Comment ${this.n}`).text(`comment body ${this.n}`);
  }
  renderDigest(channel: string, user: RecipientProfile, batch: DigestBatch) {
    const subjects = batch.items.map((i) => (i.content as { subject: string }).subject);
    return new Mailable()
      .subject(`${batch.items.length} new comments for ${user.id} on ${channel}`)
      .text(subjects.join('\n'));
  }
}

describe('digests (memory digester, inline timers, fake clock)', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let mailer: InMemoryMailer;

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    app = await notifierTestApp(
      { inlineTimers: true },
      { gates: [DigestGate], digester: MemoryNotificationDigester },
    );
    notifier = app.get(NotifierService);
    mailer = app.get(MAILER);
  });
  afterEach(async () => {
    await app.close();
    jest.useRealTimers();
  });

  it('folds 5 notifications within the window into 1 mail rendering all 5', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const result = await notifier.notify(ada, new CommentAdded(n));
      expect(result.deliveries).toEqual([
        expect.objectContaining({ channel: 'mail', status: 'digested' }),
      ]);
      ids.push(result.notificationId);
      await jest.advanceTimersByTimeAsync(MIN);
    }
    expect(mailer.sent).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(5 * MIN);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0].subject).toBe('5 new comments for u-ada on mail');
    expect(mailer.sent[0].text).toBe(
      ['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4', 'Comment 5'].join('\n'),
    );
    const digests = (await notifier.list()).filter((r) => !ids.includes(r.id));
    expect(digests).toEqual([
      expect.objectContaining({ type: 'CommentAdded', status: 'dispatched', deliveries: 1 }),
    ]);
    expect(await notifier.deliveries(ids[0])).toEqual([
      expect.objectContaining({
        status: 'digested',
        lastError: 'digest "CommentAdded/u-ada/mail"',
      }),
    ]);
    // a new window opens with the next one
    await notifier.notify(ada, new CommentAdded(6));
    await jest.advanceTimersByTimeAsync(10 * MIN);
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      '5 new comments for u-ada on mail',
      '1 new comments for u-ada on mail',
    ]);
  });

  it('keeps recipients apart and sends critical ones at once', async () => {
    await notifier.notify(ada, new CommentAdded(1));
    await notifier.notify({ id: 'u-bob', email: 'bob@example.com' }, new CommentAdded(2));
    await notifier.notify(ada, new CommentAdded(3, true));
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Comment 3']);
    await jest.advanceTimersByTimeAsync(10 * MIN);
    expect(mailer.sent.map((m) => m.subject).sort()).toEqual([
      '1 new comments for u-ada on mail',
      '1 new comments for u-bob on mail',
      'Comment 3',
    ]);
  });

  it('rejects a bad digest rule or a class without renderDigest with typed errors', async () => {
    class Bad extends CommentAdded {
      override readonly digest = { windowMs: -1 };
    }
    await expect(notifier.notify(ada, new Bad(1))).rejects.toThrow(
      /Bad.digest.windowMs must be a number of milliseconds above 0 \(got -1\)/,
    );
    class NoRender extends Notification {
      override readonly digest = { windowMs: MIN };
      via() {
        return ['mail'];
      }
      toMail() {
        return new Mailable().subject('x').text('y');
      }
    }
    await expect(notifier.notify(ada, new NoRender())).rejects.toThrow(TimingRuleError);
    expect(mailer.sent).toHaveLength(0);
  });
});

it('a buffering digester needs delayed jobs: typed config error inline without inlineTimers', async () => {
  const app = await notifierTestApp(
    {},
    { gates: [DigestGate], digester: MemoryNotificationDigester },
  );
  const error = await app
    .get(NotifierService)
    .notify(ada, new CommentAdded(1))
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NotifierConfigError);
  await app.close();
});

describe('rendering a digest in a process that never notified its class', () => {
  const entry = (n: number) => ({
    key: 'CommentAdded/u-ada/mail',
    windowMs: 1000,
    context: {
      notification: { id: `ntf_${n}`, type: 'CommentAdded', category: 'comments', critical: false },
      recipient: { id: 'u-ada', email: 'ada@example.com' },
      channel: 'mail',
      address: 'ada@example.com',
      now: n,
      stage: 'notify' as const,
    },
    content: { subject: `Comment ${n}` },
  });
  const timingWith = (
    digester: MemoryNotificationDigester,
    digests?: Array<new (...a: any[]) => object>,
  ) => new NotifierTiming({ digester, digests } as unknown as NotifierTimingDeps);

  it('renders with a class listed in digests, and says how to fix it when it is not', async () => {
    const buffer = new MemoryNotificationDigester();
    const [end] = await buffer.push([entry(1), entry(2)], 0);
    const job = {
      kind: 'digest' as const,
      plan: { notification: entry(1).context.notification, recipients: [] },
      digest: { key: 'CommentAdded/u-ada/mail', windowEnd: end },
    };
    await expect(timingWith(buffer).flushDigest(job)).rejects.toThrow(
      /CommentAdded.renderDigest is not known in this process.*digests: \[\.\.\.\]/,
    );
    const flush = await timingWith(buffer, [CommentAdded]).flushDigest(job);
    expect(flush?.items).toBe(2);
    expect(flush?.plan.recipients[0].deliveries[0]).toMatchObject({
      channel: 'mail',
      content: { subject: '2 new comments for u-ada on mail', text: 'Comment 1\nComment 2' },
    });
    await flush!.done();
    expect(await buffer.read('CommentAdded/u-ada/mail', end)).toEqual([]);
    expect(() => timingWith(buffer, [class Plain {}])).toThrow(/Plain.*has no renderDigest/);
  });
});
