import { HttpException } from '@nestjs/common';

/** Why a request failed for want of a dependency: a fixed label, never the error's own text (it may name hosts or users). */
export interface DependencyOutage {
  reason: string;
}

const CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  ECONNABORTED: 'connection aborted',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  // PostgreSQL SQLSTATEs of a server going away or refusing connections
  '57P01': 'database server shutting down',
  '57P02': 'database server shutting down',
  '57P03': 'database server not accepting connections',
  '53300': 'too many database connections',
};

const MESSAGES: ReadonlyArray<[RegExp, string]> = [
  [/connection terminated/i, 'connection terminated'], // pg
  [/timeout exceeded when trying to connect/i, 'connection pool timeout'], // pg-pool
  [/driver not connected/i, 'database driver not connected'], // TypeORM
  [/is not queryable/i, 'connection lost'], // pg client after a connection error
  [/^connection is closed\.?$/i, 'connection closed'], // ioredis
];

/**
 * The outage behind `error`, when it is one: a refused, reset, terminated
 * or timed-out connection (Node's `ECONNREFUSED`, `ECONNRESET`, ...),
 * PostgreSQL's "Connection terminated", pg-pool's "timeout exceeded when
 * trying to connect", TypeORM's "Driver not Connected", PostgreSQL SQLSTATE
 * class 08 and 57P01-57P03. It looks through `cause`, TypeORM's
 * `driverError` and `AggregateError.errors`. `HttpException`s are never
 * outages (the route already chose its answer); anything else answers undefined.
 */
export function dependencyOutageOf(error: unknown): DependencyOutage | undefined {
  if (error instanceof HttpException) return undefined;
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, driverError, errors } = current as Record<string, unknown>;
    if (typeof code === 'string') {
      if (CODES[code]) return { reason: CODES[code] };
      if (/^08[0-9A-Z]{3}$/.test(code)) return { reason: 'database connection failure' };
    }
    if (typeof message === 'string') {
      for (const [pattern, reason] of MESSAGES) if (pattern.test(message)) return { reason };
    }
    queue.push(cause, driverError);
    if (Array.isArray(errors)) queue.push(...errors.slice(0, 8));
  }
  return undefined;
}
