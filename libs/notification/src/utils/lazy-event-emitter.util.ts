import { Logger } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { isOptionalAvailable, requireOptional } from '@herald/contracts/internal';

/** Anything with `emit(event, payload)`; `EventEmitter2` from `@nestjs/event-emitter` fits. */
export interface EventSink {
  emit(event: string, payload: unknown): unknown;
}

/**
 * The application's `EventEmitter2`, looked up on first call (so module
 * import order never matters) and kept, or `undefined` (with one warning
 * naming `what` will not fire) when the application has none.
 */
export function lazyEventEmitter(
  moduleRef: ModuleRef,
  context: string,
  what: string,
): () => EventSink | undefined {
  let looked = false;
  let sink: EventSink | undefined;
  const find = (): EventSink | undefined => {
    if (!isOptionalAvailable('@nestjs/event-emitter')) return undefined;
    const { EventEmitter2 } = requireOptional<typeof import('@nestjs/event-emitter')>(
      '@nestjs/event-emitter',
      what,
    );
    try {
      return moduleRef.get(EventEmitter2, { strict: false });
    } catch {
      new Logger(context).warn(
        `no EventEmitter2 in the application: ${what} will not fire; import EventEmitterModule.forRoot()`,
      );
      return undefined;
    }
  };
  return () => {
    if (!looked) {
      sink = find();
      looked = true;
    }
    return sink;
  };
}
