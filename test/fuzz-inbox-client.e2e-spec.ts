import fc from 'fast-check';
import { HeraldInboxClient, InboxRequestError } from '@herald/inbox-client';
import { SseParser, type SseEvent } from '../libs/inbox-client/src/client/sse-parser.js';
import { ManualRuntime } from '../libs/inbox-client/test-support/manual-runtime.js';
import { fuzzAssert, fuzzCount, nastyString, PLANT } from './helpers/fuzz.js';

/**
 * The headless inbox client's inputs (issue 24 item 3): what a page passes to
 * its methods, and what a server (or a proxy in between) sends down the
 * stream. A bad argument is refused with a TypeError naming it, before any
 * request; a request the server refuses is an InboxRequestError; nothing
 * throws synchronously, and no frame, however malformed, closes the stream or
 * stops the events after it.
 */
const RUNS = { parser: 1500, methods: 1500, frames: 400 };

afterAll(() => console.log(`fuzz-inbox-client: ${fuzzCount.cases} generated cases`));

/** Anything a caller might pass where a value is expected. */
const anything = fc.oneof(
  fc.string(),
  nastyString(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: false }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
);

describe('SseParser: any split and any line ending give the same events', () => {
  const line = fc.string({ maxLength: 20 }).filter((s) => !/[\r\n]/.test(s));
  const event = fc.record({
    type: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[\r\n]/.test(s)),
    data: fc.array(line, { minLength: 1, maxLength: 3 }),
    id: fc.option(
      line.filter((s) => !s.includes('\0')),
      { nil: undefined },
    ),
  });

  it('parses what a server writes, cut anywhere', async () => {
    await fuzzAssert(
      RUNS.parser,
      fc.array(event, { maxLength: 5 }),
      fc.constantFrom('\n', '\r', '\r\n'),
      fc.array(fc.nat(), { maxLength: 6 }),
      async (events, eol, cuts) => {
        const text = events
          .map(
            (e) =>
              (e.id !== undefined ? `id: ${e.id}${eol}` : '') +
              `: comment${eol}event: ${e.type}${eol}` +
              e.data.map((d) => `data: ${d}${eol}`).join('') +
              eol,
          )
          .join('');
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at, text.length]
          .slice(1)
          .map((end, i, ends) => text.slice(i ? ends[i - 1] : 0, end));
        const got: SseEvent[] = [];
        const parser = new SseParser((e) => got.push(e));
        chunks.forEach((c) => parser.feed(c));
        let id = '';
        const want = events.map((e) => {
          if (e.id !== undefined) id = e.id;
          return { type: e.type, data: e.data.join('\n'), id };
        });
        expect(got).toEqual(want);
      },
    );
  });
});

describe('HeraldInboxClient: any argument of any method', () => {
  const calls: string[] = [];
  const client = new HeraldInboxClient({
    baseUrl: 'http://127.0.0.1:9/admin/notifications',
    token: () => `${PLANT}-token`,
    tabs: [
      { id: 'all', label: 'All' },
      { id: 'billing', label: 'Billing', filter: { tags: ['billing'] } },
    ],
    fetch: (url) => {
      calls.push(String(url));
      return Promise.resolve(
        new Response(JSON.stringify({ statusCode: 400, message: 'refused' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  const methods = [
    'list',
    'markSeen',
    'markRead',
    'markUnread',
    'archive',
    'unarchive',
    'snooze',
    'unsnooze',
    'remove',
    'markAll',
    'runAction',
    'setPreference',
  ] as const;

  it('refuses it with a TypeError naming it, or sends it and reports the refusal: never a synchronous throw', async () => {
    await fuzzAssert(
      RUNS.methods,
      fc.constantFrom(...methods),
      fc.array(anything, { maxLength: 3 }),
      async (method, args) => {
        const before = calls.length;
        let promise: Promise<unknown>;
        try {
          promise = (client[method] as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          throw new Error(`${method} threw synchronously: ${String(error)}`);
        }
        const error = await promise.then(
          () => {
            throw new Error(`${method}(${JSON.stringify(args)}) resolved on a refusing server`);
          },
          (e: unknown) => e,
        );
        if (error instanceof TypeError) {
          expect(error.message).toMatch(/^inbox client: [\w[\].]+ must be /);
          expect(calls.length).toBe(before);
        } else {
          expect(error).toBeInstanceOf(InboxRequestError);
          expect((error as InboxRequestError).status).toBe(400);
        }
        expect(String((error as Error).message)).not.toContain(PLANT);
      },
    );
  });

  it('refuses bad options with a TypeError naming the option', async () => {
    await fuzzAssert(
      RUNS.methods,
      fc.record(
        {
          baseUrl: anything,
          tabs: fc.oneof(anything, fc.array(anything, { maxLength: 3 })),
          credentials: anything,
          reconnect: fc.oneof(
            anything,
            fc.record(
              { initialMs: anything, maxMs: anything, hiddenMs: anything, idleMs: anything },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
      async (options) => {
        try {
          new HeraldInboxClient(options as never);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(
            /^inbox client: (baseUrl|tabs|tabs\[\]\.id|credentials|reconnect\.\w+) must be /,
          );
        }
      },
    );
  });
});

describe('HeraldInboxClient: any frame on the stream', () => {
  const TYPES = [
    'sync',
    'inbox.sent',
    'inbox.updated',
    'inbox.read',
    'inbox.read_all',
    'inbox.deleted',
  ];
  const frame = fc.record({
    type: fc.oneof(fc.constantFrom(...TYPES), fc.string({ maxLength: 10 })),
    data: fc.oneof(
      fc.json(),
      fc.string(),
      fc.constant('null'),
      fc
        .record({
          id: anything,
          title: anything,
          created_at: anything,
          tags: anything,
          actions: anything,
        })
        .map((r) => JSON.stringify(r)),
      fc
        .record({ message_id: anything, change: anything, count: anything })
        .map((r) => JSON.stringify(r)),
    ),
  });
  const sse = (type: string, data: string) =>
    `event: ${type.replace(/[\r\n]/g, '')}\n${data
      .split(/\r\n|\r|\n/)
      .map((d) => `data: ${d}\n`)
      .join('')}\n`;

  it('skips what it cannot read and still delivers the message after it', async () => {
    await fuzzAssert(RUNS.frames, fc.array(frame, { maxLength: 6 }), async (frames) => {
      const last = {
        id: `final-${fuzzCount.cases}`,
        title: 'after the noise',
        created_at: new Date().toISOString(),
      };
      const body =
        frames.map((f) => sse(f.type, f.data)).join('') + sse('inbox.sent', JSON.stringify(last));
      const rt = new ManualRuntime();
      const client = new HeraldInboxClient({
        baseUrl: 'http://127.0.0.1:9/admin/notifications',
        runtime: rt,
        fetch: (url) =>
          Promise.resolve(
            String(url).endsWith('/stream')
              ? new Response(body, { headers: { 'content-type': 'text/event-stream' } })
              : new Response('{"counts":{}}', { headers: { 'content-type': 'application/json' } }),
          ),
      });
      const delivered = new Promise<string>((resolve) =>
        client.on('message', (m) => m.id === last.id && resolve(m.title)),
      );
      client.connect();
      expect(await delivered).toBe('after the noise');
      client.disconnect();
    });
  });
});
