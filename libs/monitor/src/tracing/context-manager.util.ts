import { ROOT_CONTEXT, context, createContextKey } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

/*
 * Why this file exists: "the current span" lives in OpenTelemetry's global
 * context manager, which is process-wide. Herald must not clobber a user's own
 * SDK setup (NodeSDK, nestjs-otel), so it registers an AsyncLocalStorage
 * manager only when none is registered, reference-counted by the tracers
 * that asked for it, and removes it again when the last one shuts down. The
 * tracer provider and the propagators, on the other hand, are never made
 * global: each Herald tracer owns its own, so two Nest apps in one process
 * keep their spans apart.
 */

const PROBE = createContextKey('herald.context-probe');
let owned: AsyncLocalStorageContextManager | undefined;
let users = 0;

/** True when a working context manager is registered globally (not the API's no-op one). */
export function hasGlobalContextManager(): boolean {
  const probe = ROOT_CONTEXT.setValue(PROBE, true);
  return context.with(probe, () => context.active().getValue(PROBE) === true);
}

/** Makes sure the current context follows async calls; call `releaseContextManager()` when done. */
export function acquireContextManager(): void {
  users += 1;
  if (owned || hasGlobalContextManager()) return;
  const manager = new AsyncLocalStorageContextManager().enable();
  if (context.setGlobalContextManager(manager)) owned = manager;
  else manager.disable();
}

/** Drops one reference; the last one unregisters the manager Herald registered, if any. */
export function releaseContextManager(): void {
  users = Math.max(0, users - 1);
  if (users > 0 || !owned) return;
  const current = (
    context as unknown as { _getContextManager?: () => unknown }
  )._getContextManager?.();
  if (current === owned) context.disable();
  else owned.disable();
  owned = undefined;
}
