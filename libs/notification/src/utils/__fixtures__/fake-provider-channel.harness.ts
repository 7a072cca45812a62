/** What the harness needs of a fake server (`FakeProviderServer`, or one of its own, like APNs'). */
export interface FakeServer {
  reset(): void;
  stop(): Promise<void>;
}

/** What a driver spec declares: its provider's fake server and how a channel reaches it. */
export interface FakeProviderChannelOptions<S extends FakeServer, C> {
  /** Starts the provider's fake server, e.g. `() => new FakeTwilioServer().start()`. */
  start(): Promise<S>;
  /** A channel whose driver points at `server`, its settings changed by `overrides`. */
  make(server: S, overrides: Record<string, unknown>): C;
  /**
   * What else to forget before each test, besides what the server's `reset()`
   * forgets; runs before the test's channel is made.
   */
  reset?(server: S): void;
}

/** A started fake provider and a channel pointed at it, fresh for each test. */
export interface FakeProviderChannel<S extends FakeServer, C> {
  readonly server: S;
  /** The test's channel, closed after the test. */
  readonly channel: C;
  /** Another channel whose driver settings `overrides` change; the caller closes it. */
  make(overrides?: Record<string, unknown>): C;
  /** Closes the test's channel and replaces it with `make(overrides)`. */
  remake(overrides?: Record<string, unknown>): Promise<C>;
}

/**
 * Registers the Jest hooks of a driver spec: the fake server starts once and
 * stops after the file; before each test it forgets what it received and a
 * new channel is made; after each test the channel closes.
 */
export function useFakeProviderChannel<S extends FakeServer, C extends { close(): unknown }>(
  options: FakeProviderChannelOptions<S, C>,
): FakeProviderChannel<S, C> {
  let server: S | undefined;
  let channel: C | undefined;
  const harness: FakeProviderChannel<S, C> = {
    get server() {
      if (!server) throw new Error('the fake server starts in beforeAll; use it inside a test');
      return server;
    },
    get channel() {
      if (!channel) throw new Error('the channel is made in beforeEach; use it inside a test');
      return channel;
    },
    make: (overrides = {}) => options.make(harness.server, overrides),
    async remake(overrides) {
      await channel?.close();
      channel = harness.make(overrides);
      return channel;
    },
  };

  beforeAll(async () => {
    server = await options.start();
  });
  afterAll(() => server?.stop());
  beforeEach(() => {
    harness.server.reset();
    options.reset?.(harness.server);
    channel = harness.make();
  });
  afterEach(async () => {
    await channel?.close();
    channel = undefined;
  });
  return harness;
}
