import {
  BUILT_DEMO_TEST_MS,
  demoUrl,
  spawnBuiltDemo,
  type BuiltDemo,
} from './helpers/built-demo.js';

describe('the error demo, as the built demo logs it (no DSN: the local log tracker)', () => {
  let demo: BuiltDemo;
  let base: string;

  beforeAll(async () => {
    demo = spawnBuiltDemo({ DEMO_DATABASE_URL: 'sqlite::memory:' });
    base = await demoUrl(demo);
  }, BUILT_DEMO_TEST_MS);
  afterAll(() => demo?.kill());

  it('answers 500 without details and logs the failure with the e-mail address masked', async () => {
    const res = await fetch(`${base}/errors/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ statusCode: 500, message: 'Internal server error' });
    const deadline = Date.now() + 10_000;
    while (!demo.stderr().includes('Demo failure') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logs = demo.stdout() + demo.stderr();
    expect(logs).toContain('Demo failure while charging a***@example.com');
    expect(logs).not.toMatch(/[A-Za-z0-9._%+-]+@example\.com/);
  });
});
