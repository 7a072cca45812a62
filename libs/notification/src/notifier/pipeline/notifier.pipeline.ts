import type { SpanProtocol, TracerProtocol } from '@herald/contracts';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification } from '../notification.js';
import type { NotifierMetrics } from '../notifier.metrics.js';
import { transactionRunner, type NotifierTransaction } from '../outbox/notifier-transaction.js';
import type { OutboxEntry } from '../outbox/outbox-entry.js';
import type { OutboxStore } from '../outbox/outbox-store.protocol.js';
import type { NotificationPlan } from '../planning/notification-plan.interface.js';
import type { NotifierJob, NotifierScheduler } from '../queue/notifier-job.interface.js';
import type { NotificationRecord } from '../records/notification-record.js';
import type { NotificationStore } from '../records/notification-store.protocol.js';
import type { NotifierTiming } from '../timing/notifier-timing.js';
import type { EscalationPlan, EscalationStep } from '../timing/timing-rules.js';
import type { DispatchedDelivery, DispatchStage } from './dispatch.stage.js';
import type { GatesStage } from './gates.stage.js';
import type {
  NotifyCall,
  NotifyResult,
  TopicNotifyCall,
  TopicPageSent,
} from './notify-call.interface.js';
import type { PlanStage } from './plan.stage.js';
import type { ResolveRecipientsStage } from './resolve-recipients.stage.js';
import type { TimingStage } from './timing.stage.js';

export interface NotifierPipelineDeps {
  store: NotificationStore;
  resolve: ResolveRecipientsStage;
  plan: PlanStage;
  gates: GatesStage;
  timing: TimingStage;
  dispatch: DispatchStage;
  metrics: NotifierMetrics;
  scheduler?: NotifierScheduler;
  tracer?: TracerProtocol;
  outbox?: OutboxStore;
  /** Escalation steps, digest windows. */
  rules?: NotifierTiming;
}

/**
 * Runs a notification through the stages, each taking the previous one's
 * output: resolve recipients → plan per channel → gates → timing → dispatch,
 * then writes the notification's record. A call scheduled for later
 * (`delayMs`, `sendAt`), in a transaction (outbox) or held by a gate stops
 * after planning or timing and resumes at the gates when its job is due.
 * A topic is a target of the resolve stage too: its subscribers are read
 * page by page, each page taking the same path as a list (`notifyTopic`).
 */
export class NotifierPipeline {
  constructor(private readonly deps: NotifierPipelineDeps) {}

  /** `notify()` once its arguments are checked: plan, then dispatch or schedule. */
  async notify(call: NotifyCall): Promise<NotifyResult> {
    const { store } = this.deps;
    if (call.idempotencyKey) {
      const seen = await store.get(call.descriptor.id);
      if (seen && seen.status !== 'pending') return duplicateOf(seen);
    }
    const { plan, escalation } = await this.planned(call);
    return this.afterPlan(
      plan,
      { recipients: call.targets.length, idempotencyKey: call.idempotencyKey },
      call.dueAt,
      escalation,
    );
  }

  /** `notify()` inside a transaction: plan now (bad input throws to the caller), write the outbox row. */
  async writeOutbox(
    call: NotifyCall,
    transaction: NotifierTransaction,
    span: SpanProtocol | undefined,
  ): Promise<NotifyResult> {
    const { outbox, store, tracer } = this.deps;
    if (!outbox) {
      throw new NotifierConfigError([
        {
          path: 'outbox',
          message:
            'notify() with a transaction needs the transactional outbox: set NotifierModule option ' +
            'outbox: true (with store: "database") and run NOTIFIER_MIGRATIONS',
        },
      ]);
    }
    const runner = transactionRunner(transaction, outbox.dataSource());
    const { descriptor, idempotencyKey, dueAt } = call;
    if (idempotencyKey) {
      const seen = await store.get(descriptor.id);
      if (seen) return duplicateOf(seen);
    }
    const { plan, escalation } = await this.planned(call);
    const created = await outbox.add(runner, {
      id: descriptor.id,
      idempotencyKey,
      type: descriptor.type,
      payload: {
        plan,
        recipients: call.targets.length,
        idempotencyKey,
        dueAt,
        escalation: escalation.length > 0 ? escalation : undefined,
        // The relay's span continues this trace.
        trace: span && tracer ? tracer.injectContext({}, span.spanContext()) : undefined,
      },
    });
    return {
      notificationId: descriptor.id,
      status: 'pending',
      duplicate: !created,
      sendAt: dueAt === undefined ? undefined : new Date(dueAt),
      deliveries: [],
    };
  }

  /**
   * A due job of the notifier queue: the gates again, then timing and
   * dispatch. A cancelled notification is dropped.
   */
  async runJob(job: NotifierJob): Promise<DispatchedDelivery[]> {
    const { store, rules } = this.deps;
    const { id } = job.plan.notification;
    if (job.kind === 'digest') return this.runDigest(job);
    if (job.kind === 'scheduled') {
      const taken = await store.transition(id, ['scheduled', 'pending'], 'pending');
      if (!taken) return [];
    } else if ((await store.get(id))?.status === 'cancelled') return [];
    const plan = job.kind === 'escalation' && rules ? await rules.stillUnread(job) : job.plan;
    if (plan.recipients.length === 0) return [];
    const deliveries = await this.send(plan, 'due');
    if (job.kind === 'scheduled')
      await store.transition(id, ['pending'], 'dispatched', { deliveries: deliveries.length });
    return deliveries;
  }

  /**
   * A notification the outbox relay claimed: as `notify()` would have, unless
   * a record of it exists already (relayed before a crash, or sent by a call
   * without transaction).
   */
  async relay(entry: OutboxEntry): Promise<DispatchedDelivery[]> {
    const { plan, recipients, idempotencyKey, dueAt, escalation } = entry.payload;
    const seen = await this.deps.store.get(plan.notification.id);
    if (seen) {
      // A crash between the record and the job must not lose a scheduled one (same job id: no repeat).
      if (seen.status === 'scheduled' && dueAt !== undefined)
        await this.deps.scheduler?.schedule(seen.id, { kind: 'scheduled', plan }, dueAt);
      return [];
    }
    const due = dueAt !== undefined && dueAt > Date.now() ? dueAt : undefined;
    const result = await this.afterPlan(plan, { recipients, idempotencyKey }, due, escalation);
    return result.deliveries;
  }

  /**
   * `notify(topic(key))`: the resolve stage reads the topic's subscribers
   * page by page (after `call.after`), and each page goes plan → gates →
   * timing → dispatch as `notify()` to that list would. Yields once a page is
   * handed over (the fan-out records its checkpoint then; the next page is
   * read after). Writes no notification record: the fan-out writes it once
   * for all pages.
   */
  async *notifyTopic(call: TopicNotifyCall): AsyncGenerator<TopicPageSent, void> {
    for await (const page of this.deps.resolve.pages(call.topicKey, call.after)) {
      const plan = await this.planOf(page.recipients, call);
      const deliveries = await this.send(plan, 'notify');
      yield { last: page.last, deliveries: deliveries.length };
    }
  }

  /** Gates → timing → dispatch for a planned notification. */
  private async send(
    plan: NotificationPlan,
    stage: 'notify' | 'due',
  ): Promise<DispatchedDelivery[]> {
    const { gates, timing, dispatch } = this.deps;
    return dispatch.run(timing.run(await gates.run(plan, stage)));
  }

  /** Resolve → plan; the escalation steps planned too (before anything is written). */
  private async planned(
    call: NotifyCall,
  ): Promise<{ plan: NotificationPlan; escalation: EscalationPlan[] }> {
    const recipients = await this.deps.resolve.run(call.targets);
    const plan = await this.planOf(recipients, call);
    const escalation = await this.escalationOf(plan, recipients, call.notification, call.steps);
    return { plan, escalation };
  }

  /** Plan per channel for resolved recipients (a list's, or a topic page's). */
  private planOf(
    recipients: readonly object[],
    call: Pick<NotifyCall, 'notification' | 'descriptor'>,
  ): Promise<NotificationPlan> {
    return this.deps.plan.run(recipients, call.notification, call.descriptor);
  }

  /** Marks the plan's inbox messages and renders the escalation steps. */
  private async escalationOf(
    plan: NotificationPlan,
    recipients: readonly object[],
    notification: Notification<any>,
    steps: readonly EscalationStep[],
  ): Promise<EscalationPlan[]> {
    const { rules } = this.deps;
    if (!rules || steps.length === 0) return [];
    rules.tagInbox(plan, steps);
    return rules.planEscalation(recipients, notification, plan.notification, steps);
  }

  /** Schedules or dispatches a planned notification, then writes its record. */
  private async afterPlan(
    plan: NotificationPlan,
    call: { recipients: number; idempotencyKey?: string },
    dueAt: number | undefined,
    escalation: readonly EscalationPlan[] = [],
  ): Promise<NotifyResult> {
    const { store, metrics, rules } = this.deps;
    const descriptor = plan.notification;
    const base = recordFieldsOf(descriptor, call);
    if (dueAt !== undefined) {
      const { record, created } = await store.create({
        ...base,
        status: 'scheduled',
        deliveries: 0,
        sendAt: new Date(dueAt),
      });
      if (!created) return duplicateOf(record);
      metrics.notified(descriptor.type, descriptor.category);
      await this.deps.scheduler!.schedule(descriptor.id, { kind: 'scheduled', plan }, dueAt);
      await rules?.scheduleEscalation(descriptor, escalation, dueAt);
      return {
        notificationId: descriptor.id,
        status: 'scheduled',
        duplicate: false,
        sendAt: record.sendAt,
        deliveries: [],
      };
    }
    // The deliveries first, then the record: a call that fails halfway leaves no record, so
    // the same call again (same idempotency key) finishes it; delivery ids are stable, so
    // what was written already is not sent twice.
    const deliveries = await this.send(plan, 'notify');
    const { created } = await store.create({
      ...base,
      status: 'dispatched',
      deliveries: deliveries.length,
    });
    if (created) {
      metrics.notified(descriptor.type, descriptor.category);
      await rules?.scheduleEscalation(descriptor, escalation, Date.now());
    }
    return {
      notificationId: descriptor.id,
      status: 'dispatched',
      duplicate: !created,
      deliveries,
    };
  }

  /** Dispatches a digest window as a notification of its own (id derived from the window). */
  private async runDigest(job: NotifierJob): Promise<DispatchedDelivery[]> {
    const flush = await this.deps.rules?.flushDigest(job);
    if (!flush) return [];
    const { notification } = flush.plan;
    const deliveries = await this.send(flush.plan, 'due');
    const { created } = await this.deps.store.create({
      ...notification,
      status: 'dispatched',
      recipients: 1,
      deliveries: deliveries.length,
    });
    if (created) this.deps.metrics.notified(notification.type, notification.category);
    await flush.done();
    return deliveries;
  }
}

/** The record's fields only (the descriptor also carries e.g. `defaultPreferences`). */
function recordFieldsOf(
  descriptor: NotificationDescriptor,
  call: { recipients: number; idempotencyKey?: string },
) {
  const { id, type, category, critical } = descriptor;
  return { id, type, category, critical, ...call };
}

function duplicateOf(record: NotificationRecord): NotifyResult {
  return {
    notificationId: record.id,
    status: record.status,
    duplicate: true,
    sendAt: record.sendAt,
    deliveries: [],
  };
}
