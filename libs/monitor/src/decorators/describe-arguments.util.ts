import { redactDeep, redactText } from '@herald/contracts/internal';

/** Longest recorded argument value, in characters; longer ones end with `…`. */
export const MAX_ARGUMENT_LENGTH = 256;

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return redactText(JSON.stringify(redactDeep(value)) ?? String(value));
  } catch {
    return `[${value.constructor?.name ?? 'object'}]`;
  }
}

/**
 * Span-event attributes for a call's arguments: `args.count` and `args.<i>`,
 * each value described as text with secret-looking keys (`password`,
 * `apiKey`, ...) and tokens redacted, truncated to `MAX_ARGUMENT_LENGTH`.
 */
export function describeArguments(args: readonly unknown[]): Record<string, string | number> {
  const out: Record<string, string | number> = { 'args.count': args.length };
  for (let i = 0; i < args.length; i++) {
    const text = describe(args[i]);
    out[`args.${i}`] =
      text.length > MAX_ARGUMENT_LENGTH ? `${text.slice(0, MAX_ARGUMENT_LENGTH - 1)}…` : text;
  }
  return out;
}

/** `ClassName.methodName` for a decorated method (static methods too). */
export function qualifiedName(target: object, key: string | symbol): string {
  const owner = typeof target === 'function' ? target.name : target.constructor?.name;
  return `${owner || 'anonymous'}.${String(key)}`;
}
