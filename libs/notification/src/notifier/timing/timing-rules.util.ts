import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import { MissingRenderMethodError } from '../errors/missing-render-method.error.js';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import type { Notification } from '../notification.js';
import { renderFunction, renderMethodName } from '../planning/render-method.util.js';
import {
  MAX_ESCALATION_STEPS,
  type DigestRule,
  type EscalationStep,
  type ThrottleRule,
  type TimingRules,
} from './timing-rules.js';

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Throws `TimingRuleError` unless `rule` is a valid throttle rule. */
export function checkThrottleRule(rule: ThrottleRule, where: string): ThrottleRule {
  if (!rule || typeof rule !== 'object')
    throw new TimingRuleError(where, `must be { limit, perMs, mode? } (got ${String(rule)})`);
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new TimingRuleError(
      `${where}.limit`,
      `must be an integer of 1 or more (got ${String(rule.limit)})`,
    );
  if (!positive(rule.perMs))
    throw new TimingRuleError(
      `${where}.perMs`,
      `must be a number of milliseconds above 0 (got ${String(rule.perMs)})`,
    );
  if (rule.mode !== undefined && rule.mode !== 'drop' && rule.mode !== 'defer')
    throw new TimingRuleError(
      `${where}.mode`,
      `must be "drop" or "defer" (got ${JSON.stringify(rule.mode)})`,
    );
  return { limit: rule.limit, perMs: rule.perMs, mode: rule.mode ?? 'drop' };
}

function checkDigestRule(rule: DigestRule, where: string): DigestRule {
  if (!rule || typeof rule !== 'object')
    throw new TimingRuleError(where, `must be { windowMs, key? } (got ${String(rule)})`);
  if (!positive(rule.windowMs))
    throw new TimingRuleError(
      `${where}.windowMs`,
      `must be a number of milliseconds above 0 (got ${String(rule.windowMs)})`,
    );
  if (
    rule.key !== undefined &&
    (typeof rule.key !== 'string' || rule.key === '' || rule.key.length > 200)
  )
    throw new TimingRuleError(
      `${where}.key`,
      `must be a non-empty string of at most 200 characters (got ${JSON.stringify(rule.key)})`,
    );
  return { windowMs: rule.windowMs, key: rule.key };
}

/** The notification's escalation steps, checked: positive delays, known and renderable channels. */
export function escalationOf(
  notification: Notification<any>,
  type: string,
  channels: NotifierChannelRegistry,
): EscalationStep[] {
  const steps = (notification as { escalation?: unknown }).escalation;
  if (steps === undefined) return [];
  const where = `${type}.escalation`;
  if (!Array.isArray(steps) || steps.length > MAX_ESCALATION_STEPS)
    throw new TimingRuleError(
      where,
      `must be an array of at most ${MAX_ESCALATION_STEPS} steps { afterMs, via, when? }`,
    );
  return steps.map((step: EscalationStep, i) => {
    const at = `${where}[${i}]`;
    if (!step || typeof step !== 'object')
      throw new TimingRuleError(at, `must be { afterMs, via, when? } (got ${String(step)})`);
    if (!positive(step.afterMs))
      throw new TimingRuleError(
        `${at}.afterMs`,
        `must be a number of milliseconds above 0 (got ${String(step.afterMs)})`,
      );
    if (!Array.isArray(step.via) || step.via.length === 0)
      throw new TimingRuleError(`${at}.via`, 'must be a non-empty array of channel names');
    if (step.when !== undefined && step.when !== 'unread' && step.when !== 'always')
      throw new TimingRuleError(
        `${at}.when`,
        `must be "unread" or "always" (got ${JSON.stringify(step.when)})`,
      );
    for (const channel of step.via) {
      channels.assertUsable(channel, type);
      if (!renderFunction(notification, channel))
        throw new MissingRenderMethodError(channel, type, renderMethodName(channel));
    }
    return { afterMs: step.afterMs, via: [...step.via], when: step.when ?? 'unread' };
  });
}

/** The throttle and digest rules of a notification, checked (JSON, for the descriptor). */
export function timingRulesOf(notification: Notification<any>, type: string): TimingRules {
  const { throttle, digest } = notification as { throttle?: ThrottleRule; digest?: DigestRule };
  const rules: TimingRules = {};
  if (throttle !== undefined) rules.throttle = checkThrottleRule(throttle, `${type}.throttle`);
  if (digest !== undefined) {
    rules.digest = checkDigestRule(digest, `${type}.digest`);
    if (typeof (notification as { renderDigest?: unknown }).renderDigest !== 'function')
      throw new TimingRuleError(
        `${type}.digest`,
        `needs a renderDigest(channel, recipient, batch) method on ${type} to render the batch`,
      );
  }
  return rules;
}
