import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import fc from 'fast-check';

/**
 * Every secret a fuzz test plants starts with this, so a leak (even a cut
 * one) is found in any output.
 */
export const PLANT = 'S3CRETplant';

/** A stack frame, a source path or a module path: what no response body may show. */
export const STACK_TRACE =
  /(^|\n|\\n)\s*at \S|\(\/[^)]*:\d+:\d+\)|node_modules|\.[jt]s:\d+|\/work\//;

/**
 * fast-check parameters for one property: `numRuns` cases (times
 * `FUZZ_RUNS_FACTOR`), replayable with `FUZZ_SEED` (and `FUZZ_PATH`, both
 * printed by fast-check on a failure).
 */
export function fuzzParameters<T>(numRuns: number): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  // FUZZ_RUNS_FACTOR=10 fuzzes ten times deeper (locally, or in a nightly job)
  const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? 1);
  return {
    numRuns: Math.max(
      1,
      Math.round(numRuns * (Number.isFinite(factor) && factor > 0 ? factor : 1)),
    ),
    ...(seed !== undefined && seed !== '' ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
    // a failure is reported before Jest's timeout could hide it, shrunk as far as time allowed
    interruptAfterTimeLimit: 45_000,
    // one case that hangs fails, with its input (the keep-alive client bounds each answer too)
    timeout: 15_000,
    markInterruptAsFailure: true,
    // FUZZ_NO_SHRINK=1 reports the first failing case as generated (faster on slow properties)
    endOnFailure: process.env.FUZZ_NO_SHRINK === '1',
  };
}

/** Runs generated cases; counts how many ran, so each file can state its total. */
export const fuzzCount = { cases: 0 };

export async function fuzzAssert<Ts extends [unknown, ...unknown[]]>(
  numRuns: number,
  ...arbitraries: [...{ [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, (...args: Ts) => Promise<void>]
): Promise<void> {
  const predicate = arbitraries.pop() as (...args: Ts) => Promise<void>;
  const counted = (...args: Ts) => {
    fuzzCount.cases++;
    return predicate(...args);
  };
  await fc.assert(
    fc.asyncProperty(
      ...(arbitraries as unknown as { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }),
      counted,
    ),
    fuzzParameters(numRuns),
  );
}

/**
 * Everything a process writes while a test runs: `process.stdout`,
 * `process.stderr` (kept off the terminal) and a Nest logger's lines.
 */
export class OutputCapture implements LoggerService {
  private text: string[] = [];
  private restore?: () => void;

  start(): this {
    const out = process.stdout.write.bind(process.stdout);
    const err = process.stderr.write.bind(process.stderr);
    const sink = (chunk: unknown, ...rest: unknown[]) => {
      this.text.push(
        typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString(),
      );
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    };
    process.stdout.write = sink as typeof process.stdout.write;
    process.stderr.write = sink as typeof process.stderr.write;
    this.restore = () => {
      process.stdout.write = out;
      process.stderr.write = err;
    };
    return this;
  }

  stop(): void {
    this.restore?.();
    this.restore = undefined;
  }

  /** All captured output not yet checked. */
  all(): string {
    return this.text.join('');
  }

  /**
   * Fails when the output written since the last check holds a planted
   * secret; then forgets it (memory stays bounded over thousands of cases).
   */
  expectNoPlant(what: string): void {
    const output = this.all();
    this.text = [];
    expectNoPlantIn(output, what);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.push('LOG', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.push('ERROR', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.push('WARN', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.push('DEBUG', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.push('VERBOSE', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.push('FATAL', message, rest);
  }

  private push(level: string, message: unknown, rest: unknown[]): void {
    const show = (value: unknown) =>
      value instanceof Error ? `${value.message}\n${value.stack}` : String(value);
    this.text.push(`${level} ${[message, ...rest].map(show).join(' ')}\n`);
  }
}

/**
 * Runs `run` for every item, `concurrency` at a time (the properties of
 * different routes overlap their waits on the network and the database),
 * and returns each item's failure.
 */
export async function runConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<void>,
): Promise<Map<T, unknown>> {
  const failures = new Map<T, unknown>();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await run(item);
      } catch (error) {
        failures.set(item, error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

/** One HTTP exchange as the fuzz properties judge it. */
export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The follow-up request, and whether it went on the first request's socket (kept alive). */
  followUp: { status: number; sameSocket: boolean };
}

export interface RawRequest {
  method: string;
  /** Path and query, sent as is (no re-encoding). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * A client on one keep-alive socket: sends `req`, reads the whole answer,
 * then sends `GET followUpPath`, which must be answered on the same socket
 * (a server that closes or resets the connection after a bad request fails
 * the case). Each answer must come within `timeoutMs`.
 */
export class KeepAliveClient {
  private agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly base: string,
    private readonly followUpPath: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async exchange(req: RawRequest): Promise<Exchange> {
    const first = await this.send(req);
    const second = await this.send({ method: 'GET', path: this.followUpPath });
    return {
      status: first.status,
      headers: first.headers,
      body: first.body,
      followUp: {
        status: second.status,
        sameSocket: second.socket === first.socket,
      },
    };
  }

  close(): void {
    this.agent.destroy();
  }

  private send(
    req: RawRequest,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: string; socket: unknown }> {
    const url = new URL(this.base);
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...(req.headers ?? {}) };
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              socket: request.socket,
            });
          });
          res.on('error', reject);
        },
      );
      const timer = setTimeout(() => {
        request.destroy(
          new Error(`no answer to ${req.method} ${req.path} in ${this.timeoutMs} ms`),
        );
      }, this.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(req.body);
    });
  }
}

/**
 * The properties every HTTP answer must have: a status below 500, no stack
 * trace in the body, no planted secret in the body or headers, and the
 * connection still answering.
 */
export function expectSafeExchange(exchange: Exchange, what: string): void {
  const headers = JSON.stringify(exchange.headers);
  const problems: string[] = [];
  if (exchange.status >= 500) problems.push(`status ${exchange.status}`);
  if (STACK_TRACE.test(exchange.body)) problems.push('a stack trace in the body');
  if (exchange.body.includes(PLANT)) problems.push('a planted secret in the body');
  if (headers.includes(PLANT)) problems.push('a planted secret in the headers');
  if (!exchange.followUp.sameSocket)
    problems.push('the server closed the connection: the follow-up needed a new socket');
  if (exchange.followUp.status === 0 || exchange.followUp.status >= 500)
    problems.push(`the follow-up answered ${exchange.followUp.status}`);
  if (problems.length > 0)
    throw new Error(
      `${what}: ${problems.join(', ')}\n  answer: ${exchange.status} ${exchange.body.slice(0, 300)}`,
    );
}

/** Fails when captured output holds a planted secret (shows the line). */
export function expectNoPlantIn(output: string, what: string): void {
  const at = output.indexOf(PLANT);
  if (at === -1) return;
  const line = output.slice(
    Math.max(0, output.lastIndexOf('\n', at) + 1),
    output.indexOf('\n', at),
  );
  throw new Error(`${what}: a planted secret in the output: ${line.slice(0, 300)}`);
}

/** Strings a hostile client tries: NUL and controls, prototype names, huge numbers, long text. */
export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\r\n',
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '1e20',
      '-1e15',
      '9223372036854775808',
      '-1',
      '0',
      '1.5',
      'NaN',
      'Infinity',
      'null',
      'true',
      '[]',
      '{}',
      '%00',
      '%FF',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      'javascript:alert(1)',
      '//evil.example',
      'a\u00ADb@example.com',
      'ada@example.com',
      '+15005550006',
      '\uD800',
      '😀',
    ),
    fc.string({ minLength: 200, maxLength: 3000 }),
  );
