import type { DeliveryStore } from '../../delivery/stores/delivery-store.protocol.js';
import type { InboxService } from '../../inbox/inbox.service.js';
import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification } from '../notification.js';
import { createHash } from 'node:crypto';
import { isDigestBuffer, type DigestBuffer } from '../digest/digest-buffer.js';
import type { DigestBatch, RenderDigest } from '../digest/digest-batch.js';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import type { DigestEntry, NotificationDigester } from '../gates/notification-gate.interface.js';
import { normalizeContent } from '../planning/normalize-content.util.js';
import type {
  NotificationPlan,
  PlannedRecipient,
} from '../planning/notification-plan.interface.js';
import type { PlanStage } from '../pipeline/plan.stage.js';
import type { NotifierJob, NotifierScheduler } from '../queue/notifier-job.interface.js';
import type { NotificationRecord } from '../records/notification-record.js';
import type { NotificationStore } from '../records/notification-store.protocol.js';
import {
  MAX_ESCALATION_STEPS,
  type EscalationPlan,
  type EscalationStep,
  type TimingRules,
} from './timing-rules.js';
import { escalationOf, timingRulesOf } from './timing-rules.util.js';

/** The key of `data` on inbox messages of an escalating notification. */
export const ESCALATION_DATA_KEY = 'heraldEscalation';

interface EscalationTag {
  notificationId: string;
  steps: number;
}

/** A digest window rendered as one notification, and how to forget the window once it is sent. */
export interface DigestFlush {
  plan: NotificationPlan;
  items: number;
  done(): Promise<void>;
}

export interface NotifierTimingDeps {
  /** The bound digester, if any (a `DigestBuffer` gets its windows flushed here). */
  digester?: NotificationDigester;
  /** Classes whose digests this process renders before it has notified one of them. */
  digests?: ReadonlyArray<abstract new (...args: any[]) => object>;
  planner: PlanStage;
  channels: NotifierChannelRegistry;
  store: NotificationStore;
  deliveries: DeliveryStore;
  inbox: () => InboxService | undefined;
  scheduler?: NotifierScheduler;
}

/** The job id of escalation step `step` of a notification. */
/** A class's notification type: `type` of an instance made without arguments, else the class name. */
function typeOf(type: abstract new (...args: any[]) => object): string {
  try {
    const made = new (type as new () => { type?: unknown })();
    if (typeof made.type === 'string') return made.type;
  } catch {
    // needs constructor arguments: the class name is the default type
  }
  return type.name;
}

export const escalationJobId = (notificationId: string, step: number): string =>
  `${notificationId}.e${step}`;

/**
 * Escalation and cancellation of what a notification still has waiting.
 * Each step of `escalation` becomes one delayed job (per notification and
 * step) carrying the step's channels, rendered at `notify()`. When it fires,
 * recipients who read the notification's inbox message are left out (read
 * state is checked then); when the only recipient reads it earlier
 * (`INBOX_READ_EVENT`), the jobs are removed at once.
 */
export class NotifierTiming {
  /** Who renders digests, by notification type: the last notified instance of each. */
  private readonly digestRenderers = new Map<string, RenderDigest>();

  constructor(private readonly deps: NotifierTimingDeps) {
    for (const type of deps.digests ?? []) {
      const renderer = Object.create(type.prototype) as Partial<RenderDigest>;
      if (typeof renderer.renderDigest !== 'function') {
        throw new TimingRuleError(
          `NotifierModule digests: ${type.name}`,
          'has no renderDigest(channel, recipient, batch) method',
        );
      }
      this.digestRenderers.set(typeOf(type), renderer as RenderDigest);
    }
  }

  /** The notification's escalation steps and throttle / digest rules, checked (typed errors). */
  rules(
    notification: Notification<any>,
    type: string,
  ): { escalation: EscalationStep[]; rules: TimingRules } {
    const rules = timingRulesOf(notification, type);
    if (rules.digest) {
      if (this.deps.digester && isDigestBuffer(this.deps.digester) && !this.deps.scheduler) {
        throw new NotifierConfigError([
          {
            path: 'notification.delivery.queue',
            message: `${type} is digested, which needs delayed jobs to end its windows: set queue: bullmq, or NotifierModule option inlineTimers: true (got inline)`,
          },
        ]);
      }
      this.digestRenderers.set(type, notification as unknown as RenderDigest);
    }
    return { escalation: escalationOf(notification, type, this.deps.channels), rules };
  }

  /**
   * The digester the dispatcher hands digested deliveries to: a buffering
   * one gets a flush job scheduled at the end of each window it opens.
   */
  digester(): NotificationDigester | undefined {
    const { digester, scheduler } = this.deps;
    if (!digester || !isDigestBuffer(digester)) return digester;
    return {
      add: async (entries: readonly DigestEntry[]) => {
        const ends = await digester.push(entries, Date.now());
        const seen = new Set<string>();
        for (const [i, entry] of entries.entries()) {
          const windowEnd = ends[i];
          const jobId = `dg.${createHash('sha256').update(entry.key).digest('hex').slice(0, 24)}.${windowEnd}`;
          if (seen.has(jobId) || !scheduler) continue;
          seen.add(jobId);
          const job: NotifierJob = {
            kind: 'digest',
            plan: { notification: entry.context.notification, recipients: [] },
            digest: { key: entry.key, windowEnd },
          };
          await scheduler.schedule(jobId, job, windowEnd);
        }
      },
    };
  }

  /** A digest job's window as one notification to dispatch, or `undefined` when it is empty. */
  async flushDigest(job: NotifierJob): Promise<DigestFlush | undefined> {
    const buffer = this.deps.digester as DigestBuffer | undefined;
    if (!job.digest || !buffer || !isDigestBuffer(buffer)) return undefined;
    const { key, windowEnd } = job.digest;
    const entries = await buffer.read(key, windowEnd);
    if (entries.length === 0) return undefined;
    const { notification: source, recipient, channel, address } = entries[0].context;
    const renderer = this.digestRenderers.get(source.type);
    if (!renderer || typeof renderer.renderDigest !== 'function') {
      throw new TimingRuleError(
        `${source.type}.renderDigest`,
        `is not known in this process yet (the digest of "${key}" is retried): list the class in NotifierModule.forRoot({}, { digests: [...] }), or notify one in this process first`,
      );
    }
    const descriptor = {
      id: `ntf_${createHash('sha256').update(`digest\u0000${key}\u0000${windowEnd}`).digest('hex').slice(0, 32)}`,
      type: source.type,
      category: source.category,
      critical: false,
      // the class's preference defaults still apply to its digest
      ...(source.defaultPreferences ? { defaultPreferences: source.defaultPreferences } : {}),
    };
    const batch: DigestBatch = {
      key: source.digest?.key ?? source.type,
      channel,
      items: entries.map((e) => ({
        notificationId: e.context.notification.id,
        content: e.content,
        at: e.context.now,
      })),
    };
    const rendered = await renderer.renderDigest(channel, recipient, batch);
    const content = await normalizeContent(channel, rendered, recipient, address, descriptor);
    return {
      plan: {
        notification: descriptor,
        recipients: [{ profile: recipient, deliveries: [{ channel, content }] }],
      },
      items: entries.length,
      done: () => buffer.clear(key, windowEnd),
    };
  }

  /** Marks inbox contents so a read can be traced back to the notification. */
  tagInbox(plan: NotificationPlan, steps: readonly EscalationStep[]): void {
    if (steps.length === 0) return;
    const tag: EscalationTag = { notificationId: plan.notification.id, steps: steps.length };
    for (const recipient of plan.recipients)
      for (const delivery of recipient.deliveries) {
        if (delivery.channel !== 'inbox' || delivery.content === undefined) continue;
        const content = delivery.content as { data?: Record<string, unknown> };
        delivery.content = { ...content, data: { ...content.data, [ESCALATION_DATA_KEY]: tag } };
      }
  }

  /** Renders each step's channels now (typed errors before anything is written). */
  async planEscalation(
    recipients: readonly object[],
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
    steps: readonly EscalationStep[],
  ): Promise<EscalationPlan[]> {
    if (steps.length === 0) return [];
    const { scheduler, planner } = this.deps;
    if (!scheduler) {
      throw new NotifierConfigError([
        {
          path: 'notification.delivery.queue',
          message: `${descriptor.type} has escalation steps, which need delayed jobs: set queue: bullmq, or NotifierModule option inlineTimers: true (got inline)`,
        },
      ]);
    }
    const plans: EscalationPlan[] = [];
    for (const [step, { via, afterMs, when }] of steps.entries()) {
      const stepNotification = Object.create(notification, {
        via: { value: () => via },
      }) as Notification<any>;
      const plan = await planner.run(recipients, stepNotification, descriptor);
      plans.push({ step, afterMs, when: when ?? 'unread', plan });
    }
    return plans;
  }

  /** Schedules each rendered step at `startMs + afterMs` (job `<notificationId>.e<step>`). */
  async scheduleEscalation(
    descriptor: NotificationDescriptor,
    plans: readonly EscalationPlan[],
    startMs: number,
  ): Promise<void> {
    const { scheduler } = this.deps;
    if (!scheduler) return;
    for (const { step, afterMs, when, plan } of plans) {
      const job: NotifierJob = { kind: 'escalation', plan, escalation: { step, when } };
      await scheduler.schedule(escalationJobId(descriptor.id, step), job, startMs + afterMs);
    }
  }

  /** The recipients of an escalation job still to escalate to (`when: 'unread'`: not read yet). */
  async stillUnread(job: NotifierJob): Promise<NotificationPlan> {
    if (job.escalation?.when === 'always') return job.plan;
    const { id } = job.plan.notification;
    const inbox = this.deps.inbox();
    const messages = new Map<string, string>();
    for (const record of await this.deps.deliveries.list({ notificationId: id, limit: 10_000 }))
      if (record.channel === 'inbox' && record.providerMessageId)
        messages.set(record.recipient, record.providerMessageId);
    const keep: PlannedRecipient[] = [];
    for (const recipient of job.plan.recipients) {
      const userId = recipient.profile.id;
      const messageId = userId === undefined ? undefined : messages.get(userId);
      const message =
        inbox && userId !== undefined && messageId
          ? await inbox.findOne(userId, messageId)
          : undefined;
      if (!message?.readAt) keep.push(recipient);
    }
    return { ...job.plan, recipients: keep };
  }

  /** An inbox message was read: drop the escalations it ends (a notification to that one user). */
  async onRead(userId: string, messageId: string): Promise<number> {
    const inbox = this.deps.inbox();
    const message = inbox ? await inbox.findOne(userId, messageId) : undefined;
    const tag = message?.data?.[ESCALATION_DATA_KEY] as EscalationTag | undefined;
    if (!tag || typeof tag.notificationId !== 'string') return 0;
    const record = await this.deps.store.get(tag.notificationId);
    if (!record || record.recipients !== 1) return 0;
    return this.removeEscalations(tag.notificationId, tag.steps);
  }

  /** Removes the escalation jobs still waiting; answers how many. */
  async removeEscalations(notificationId: string, steps = MAX_ESCALATION_STEPS): Promise<number> {
    const { scheduler } = this.deps;
    if (!scheduler) return 0;
    let removed = 0;
    for (let step = 0; step < Math.min(steps, MAX_ESCALATION_STEPS); step++)
      if (await scheduler.remove(escalationJobId(notificationId, step))) removed++;
    return removed;
  }

  /**
   * Cancels what a dispatched notification still has waiting: its escalation
   * jobs, its deliveries still queued (recorded `suppressed`, reason
   * `cancelled`), and its deferred deliveries (fewer delivery records than
   * the notification counted: their jobs drop them when due, seeing the
   * notification cancelled). Answers the channel of each part cancelled
   * (`-` for an escalation step or deferred deliveries).
   */
  async cancelPending(record: NotificationRecord): Promise<string[]> {
    const parts: string[] = [];
    const steps = await this.removeEscalations(record.id);
    for (let i = 0; i < steps; i++) parts.push('-');
    const { deliveries } = this.deps;
    const counts = await deliveries.countByStatus({ notificationId: record.id });
    const written = Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (written < record.deliveries) parts.push('-');
    for (const queued of await deliveries.list({
      notificationId: record.id,
      status: 'queued',
      limit: 10_000,
    })) {
      try {
        await deliveries.transition(queued.id, 'suppressed', {
          lastError: 'cancelled with NotifierService.cancel()',
        });
        parts.push(queued.channel);
      } catch {
        // taken by a worker meanwhile: it is being sent
      }
    }
    return parts;
  }
}
