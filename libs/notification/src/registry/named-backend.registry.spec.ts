import { HeraldError } from '@herald/contracts';
import { NamedBackendRegistry } from './named-backend.registry.js';

class Backend {
  closed = 0;
  constructor(
    readonly name: string,
    private readonly failClose = false,
  ) {}
  send(): Promise<string> {
    return Promise.resolve(this.name);
  }
  close(): void {
    this.closed++;
    if (this.failClose) throw new Error('close failed');
  }
}

describe('NamedBackendRegistry', () => {
  const make = () => new NamedBackendRegistry<Backend>('SMS', 'notification.sms_backends');

  it('hands out the wrapper by name and as primary, keeps the raw backend', () => {
    const a = new Backend('a');
    const registry = make().add(a, true).add(new Backend('b'));
    const wrapper = new Backend('a');
    registry.wrap('a', (raw) => (raw === a ? wrapper : raw));
    expect(registry.get('a')).toBe(wrapper);
    expect(registry.get()).toBe(wrapper);
    expect(registry.raw('a')).toBe(a);
    expect(registry.get('b')).toBe(registry.raw('b'));
    expect(registry.names()).toEqual(['a', 'b']);
    expect(registry.hasPrimary()).toBe(true);
  });

  it('closes every raw backend exactly once, wrapped or not, even when one close fails', async () => {
    const [a, b, c] = [new Backend('a'), new Backend('b', true), new Backend('c')];
    const wrapper = new Backend('a');
    const registry = make()
      .add(a, true)
      .add(b)
      .add(c)
      .wrap('a', () => wrapper);
    await registry.onApplicationShutdown();
    await registry.close();
    expect([a.closed, b.closed, c.closed]).toEqual([1, 1, 1]);
    expect(wrapper.closed).toBe(0); // a wrapper owns no connection
  });

  it('names the configured backends when a name or the primary is missing', () => {
    const registry = make().add(new Backend('a'));
    expect(() => registry.get('nope')).toThrow(
      'No SMS backend is called "nope" (configured: "a"). Add it to notification.sms_backends or fix the name.',
    );
    expect(() => registry.get()).toThrow(/No SMS backend is marked primary \(configured: "a"\)/);
    expect(() => registry.wrap('nope', (raw) => raw)).toThrow(HeraldError);
    expect(registry.hasPrimary()).toBe(false);
  });

  it('refuses a second backend with the same name (the first would never be closed)', () => {
    const registry = make().add(new Backend('a'));
    expect(() => registry.add(new Backend('a'))).toThrow(
      expect.objectContaining({ code: 'HERALD_DUPLICATE_BACKEND' }),
    );
  });
});
