import type { AlertContext, AlertSeverity, ChatSeverity } from '@herald/contracts';
import type { ChatContent } from '@herald/contracts/internal';
import { isSecretKey } from '@herald/contracts/internal';

/** Context keys shown as fields of a chat alert, in this order (the rest stay out: they may be long). */
const FIELDS: ReadonlyArray<[string, string]> = [
  ['tier', 'Tier'],
  ['owner', 'Owner'],
  ['metric', 'Metric'],
  ['burnRate', 'Burn rate'],
  ['measuredValueMs', 'Measured (ms)'],
  ['thresholdMs', 'Threshold (ms)'],
  ['currentValue', 'Value'],
  ['threshold', 'Threshold'],
  ['window', 'Window'],
];

/** An alert severity as a chat colour: critical/high red, warning/medium amber, others blue. */
export function chatSeverityOf(severity: AlertSeverity): ChatSeverity {
  const s = String(severity).toLowerCase();
  if (s === 'critical' || s === 'high') return 'critical';
  if (s === 'warning' || s === 'medium') return 'warning';
  return 'info';
}

/**
 * What a chat alert shows: the title (with a RESOLVED prefix when it
 * recovered), the message, the tier-aware context as fields (never a
 * secret-looking key), the runbook as the link.
 */
export function alertChatContent(
  title: string,
  message: string,
  severity: AlertSeverity,
  context: AlertContext = {},
  resolved = false,
): ChatContent {
  const fields = FIELDS.flatMap(([key, label]) => {
    const value = context[key];
    return value === undefined || value === null || value === '' || isSecretKey(key)
      ? []
      : [{ label, value: String(value) }];
  });
  const runbook = context.runbookUrl ?? context.runbook_url;
  return {
    title: resolved ? `RESOLVED: ${title}` : title,
    text: message,
    severity: resolved ? 'success' : chatSeverityOf(severity),
    fields: [{ label: 'Severity', value: String(severity) }, ...fields],
    ...(typeof runbook === 'string' && /^https?:\/\//.test(runbook) ? { url: runbook } : {}),
  };
}
