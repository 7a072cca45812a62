import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import type { MetricLabels } from '@herald/contracts';

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Throws `InvalidMetricError` unless `name` is a Prometheus metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`). */
export function assertMetricName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !METRIC_NAME.test(name)) {
    throw new InvalidMetricError(
      `Invalid metric name ${JSON.stringify(name)}: use letters, digits, "_" and ":" and do not start with a digit (e.g. "http_requests_total").`,
    );
  }
}

/**
 * Throws `InvalidMetricError` unless `name` is a Prometheus label name
 * (`[a-zA-Z_][a-zA-Z0-9_]*`, not starting with `__`, not one of `reserved`).
 */
export function assertLabelName(metric: string, name: string, reserved: readonly string[]): void {
  if (!LABEL_NAME.test(name) || name.startsWith('__')) {
    throw new InvalidMetricError(
      `Invalid label name ${JSON.stringify(name)} on metric "${metric}": use letters, digits and "_", do not start with a digit or "__".`,
    );
  }
  if (reserved.includes(name)) {
    throw new InvalidMetricError(
      `Label name "${name}" is reserved on metric "${metric}" (it is added by the exposition); pick another name.`,
    );
  }
}

/** Throws `InvalidMetricError` for a value that is not a finite number (NaN, a string...). */
export function invalidValue(metric: string, value: unknown): InvalidMetricError {
  return new InvalidMetricError(
    `Invalid value ${typeof value === 'number' ? String(value) : JSON.stringify(value)} for metric "${metric}": pass a finite number.`,
  );
}

/** Checks a constant-label object and returns a frozen copy with string values. */
export function normaliseConstLabels(
  metric: string,
  labels: MetricLabels | undefined,
  reserved: readonly string[],
): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  if (labels === undefined || labels === null) return Object.freeze(out);
  if (typeof labels !== 'object') {
    throw new InvalidMetricError(`Labels of metric "${metric}" must be an object of strings.`);
  }
  for (const [key, value] of Object.entries(labels)) {
    assertLabelName(metric, key, reserved);
    out[key] = String(value);
  }
  return Object.freeze(out);
}

/**
 * Turns a free-form name (`orders.placed`, `BillingService.chargeCard.duration`)
 * into a valid snake_case metric name (`orders_placed`,
 * `billing_service_charge_card_duration`): camelCase is split, characters
 * outside `[a-zA-Z0-9_:]` become `_`, a leading digit gets a `_` in front.
 * A name that is already valid is returned unchanged.
 */
export function sanitiseMetricName(name: string): string {
  if (METRIC_NAME.test(name)) return name;
  const replaced = String(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9_:]+/g, '_')
    .toLowerCase();
  return /^[0-9]/.test(replaced) ? `_${replaced}` : replaced;
}

/** Escapes a label value for the text exposition (backslash, double quote, newline). */
export function escapeLabelValue(value: string): string {
  return /[\\"\n]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
    : value;
}

/** Escapes HELP text (backslash and newline). */
export function escapeHelp(text: string): string {
  return /[\\\n]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n') : text;
}

/** A sample value as the exposition formats write it. */
export function formatValue(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  if (value !== value) return 'NaN';
  return String(value);
}
