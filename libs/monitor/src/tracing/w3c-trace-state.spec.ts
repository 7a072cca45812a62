import { W3CTraceState } from './w3c-trace-state.js';

const list = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `k${from + i}=v${from + i}`).join(',');

describe('W3CTraceState', () => {
  it('parses, reads and serializes a list in order', () => {
    const state = W3CTraceState.parse('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE')!;
    expect(state.size).toBe(2);
    expect(state.get('congo')).toBe('t61rcWkgMzE');
    expect(state.get('missing')).toBeUndefined();
    expect(state.serialize()).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE');
  });

  it('parse gives undefined for no header and for an invalid list, an empty list for an empty header', () => {
    expect(W3CTraceState.parse(undefined)).toBeUndefined();
    expect(W3CTraceState.parse('a=1,B=2')).toBeUndefined();
    expect(W3CTraceState.parse(['a=1', 'b'])).toBeUndefined();
    expect(W3CTraceState.parse(' , ')!.size).toBe(0);
    expect(W3CTraceState.empty().serialize()).toBe('');
  });

  describe('mutations on the way out (the list itself never changes)', () => {
    const state = W3CTraceState.parse('rojo=1,congo=2')!;

    it('a new member goes first (left-most)', () => {
      const added = state.set('herald', '00f067aa0ba902b7');
      expect(added.serialize()).toBe('herald=00f067aa0ba902b7,rojo=1,congo=2');
      expect(state.serialize()).toBe('rojo=1,congo=2');
    });

    it('an updated member moves first, never twice in the list', () => {
      expect(state.set('congo', '3').serialize()).toBe('congo=3,rojo=1');
    });

    it('a removed member goes; removing an absent key returns the same list', () => {
      expect(state.unset('rojo').serialize()).toBe('congo=2');
      expect(state.unset('absent')).toBe(state);
    });

    it('adding a 33rd member drops the right-most one', () => {
      const full = W3CTraceState.parse(list(32))!;
      const added = full.set('new', 'x');
      expect(added.size).toBe(32);
      expect(added.serialize()).toBe(`new=x,${list(31)}`);
      expect(full.set('k32', 'updated').serialize()).toBe(`k32=updated,${list(31)}`);
    });

    it('an invalid key or value leaves the list as it was (OpenTelemetry TraceState never throws)', () => {
      for (const [key, value] of [
        ['Upper', '1'],
        ['@first', '1'],
        ['k'.repeat(257), '1'],
        ['ok', ''],
        ['ok', 'a,b'],
        ['ok', 'a=b'],
        ['ok', 'ends with space '],
        ['ok', 'v'.repeat(257)],
      ]) {
        expect(state.set(key, value)).toBe(state);
      }
    });

    it('a set that makes the list longer than 512 characters cuts whole members from the right', () => {
      const long = W3CTraceState.parse(
        Array.from({ length: 24 }, (_, i) => `m${String(i).padStart(2, '0')}=${'x'.repeat(16)}`),
      )!;
      expect(long.serialize()).toHaveLength(503);
      const added = long.set('herald', 'y'.repeat(20));
      expect(added.serialize().length).toBeLessThanOrEqual(512);
      expect(added.serialize().startsWith(`herald=${'y'.repeat(20)},m00=`)).toBe(true);
      expect(added.get('m23')).toBeUndefined();
    });
  });
});
