/**
 * Runs `fn` with `env` laid over `process.env` (an `undefined` value unsets a
 * variable), then puts every touched variable back as it was.
 */
export async function withEnv<T>(
  env: Record<string, string | undefined>,
  fn: () => Promise<T>,
): Promise<T> {
  const previous = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(env);
  try {
    return await fn();
  } finally {
    apply(previous);
  }
}
