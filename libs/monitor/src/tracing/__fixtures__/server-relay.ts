import type { TracerProtocol } from '@herald/contracts';
import { runInServerSpan, startServerSpan } from '../http/server-span.util.js';
import { runInSpan } from '../run-in-span.util.js';

/** What one outgoing call of the relay carried. */
export interface RelayedCall {
  version: string;
  traceId: string;
  parentId: string;
  flags: string;
  /** `undefined` when no `tracestate` was sent. */
  tracestate: string | undefined;
}

/** A well-formed version-00 `traceparent` (checked here independently of the code under test). */
const OUTGOING = /^(00)-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * What a Herald HTTP service does with trace context: the request's SERVER
 * span is started from `headers` as the tracing middleware starts it, then
 * `calls` outgoing calls each run in a CLIENT span whose context
 * `injectContext` writes into the call's headers.
 */
export function runServerRelay(
  tracer: TracerProtocol,
  headers: Record<string, string | string[]>,
  calls: number,
): RelayedCall[] {
  const state = startServerSpan({ method: 'POST', url: '/relay', headers }, { tracer });
  const sent = runInServerSpan(state, () =>
    Array.from({ length: calls }, () =>
      runInSpan(tracer, 'POST', { kind: 'client' }, (span) =>
        tracer.injectContext({}, span.spanContext()),
      ),
    ),
  );
  state.span.end();
  return sent.map((carrier) => {
    const match = OUTGOING.exec(carrier.traceparent ?? '');
    if (!match) throw new Error(`malformed outgoing traceparent "${carrier.traceparent}"`);
    const [, version, traceId, parentId, flags] = match;
    return { version, traceId, parentId, flags, tracestate: carrier.tracestate };
  });
}
