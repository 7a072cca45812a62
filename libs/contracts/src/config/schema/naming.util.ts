/** `sampleRate` → `sample_rate`. */
export function toSnakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** `sample_rate` → `sampleRate` (already camel names are left alone). */
export function toCamelCase(name: string): string {
  return name.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
