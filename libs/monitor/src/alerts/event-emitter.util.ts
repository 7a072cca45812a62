import { isOptionalAvailable, requireOptional } from '@herald/contracts/internal';

/**
 * The `EventEmitter2` class of `@nestjs/event-emitter` when that optional
 * package is installed, for an optional injection; undefined otherwise.
 */
export function eventEmitterToken(): (abstract new (...args: any[]) => unknown) | undefined {
  if (!isOptionalAvailable('@nestjs/event-emitter')) return undefined;
  return requireOptional<{ EventEmitter2: abstract new (...args: any[]) => unknown }>(
    '@nestjs/event-emitter',
    'ALERT_FIRED_EVENT',
  ).EventEmitter2;
}
