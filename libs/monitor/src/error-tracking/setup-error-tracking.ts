import { Logger, type LoggerService } from '@nestjs/common';
import {
  ErrorTrackingConfig,
  MissingDependencyError,
  type ErrorTrackerProtocol,
} from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import { NoopErrorTracker } from './noop-error.tracker.js';
import { SentryErrorTracker, type SentrySdk } from './sentry-error.tracker.js';

export interface SetupErrorTrackingOptions {
  /** @default new Logger('HeraldErrorTracking') */
  logger?: Pick<LoggerService, 'warn' | 'error' | 'log'>;
  /** Loads the SDK. @default requireOptional('@sentry/nestjs', ...) */
  loadSdk?: () => SentrySdk;
  release?: string;
}

/**
 * Builds the error tracker from `ErrorTrackingConfig`: DSN unset or blank → the no-op
 * tracker (logs locally, no network); DSN set and `@sentry/nestjs`
 * installed → a Sentry tracker; DSN set but the SDK missing → a warning
 * naming the package, and the no-op tracker. The config is validated first
 * (`traces_sample_rate` must be 0..1).
 *
 * @example setupErrorTracking({ dsn: process.env.SENTRY_DSN, environment: 'staging' })
 */
export function setupErrorTracking(
  config: ErrorTrackingConfig | Partial<ErrorTrackingConfig> = {},
  options: SetupErrorTrackingOptions = {},
): ErrorTrackerProtocol {
  const valid = (
    config instanceof ErrorTrackingConfig ? config : new ErrorTrackingConfig(config)
  ).validate('monitor.error_tracking');
  const logger = options.logger ?? new Logger('HeraldErrorTracking');
  const dsn = valid.dsn?.trim();
  if (!dsn) return new NoopErrorTracker(logger);
  let sdk: SentrySdk;
  try {
    sdk = (
      options.loadSdk ?? (() => requireOptional<SentrySdk>('@sentry/nestjs', 'Error tracking'))
    )();
  } catch (error) {
    if (!(error instanceof MissingDependencyError)) throw error;
    logger.warn(
      `monitor.error_tracking.dsn is set but ${error.message}. Errors are only logged locally until then.`,
    );
    return new NoopErrorTracker(logger);
  }
  return new SentryErrorTracker(sdk, {
    dsn,
    environment: valid.environment,
    tracesSampleRate: valid.tracesSampleRate,
    sendDefaultPii: valid.sendDefaultPii,
    release: options.release,
  });
}
