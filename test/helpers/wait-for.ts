/**
 * Polls `probe` every 250 ms until it returns something other than
 * `undefined`, and resolves with it; rejects after `timeoutMs` with the last
 * error the probe threw.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting (${String(last ?? 'no result')})`);
}
