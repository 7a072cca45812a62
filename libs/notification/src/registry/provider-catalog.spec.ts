import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROVIDER_CATALOG } from './provider-catalog.js';

const SRC = join(__dirname, '..');
const DECLARATION = /export const (\w+): ProviderCapabilities\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const declarations = sources(SRC).flatMap((path) =>
  [...readFileSync(path, 'utf8').matchAll(DECLARATION)].map((m) => ({
    name: m[1],
    file: relative(SRC, path),
  })),
);

describe('provider capability declarations', () => {
  it('each lives in its own <driver>.capabilities.ts beside the driver', () => {
    expect(declarations.length).toBeGreaterThan(0);
    expect(declarations.filter((d) => !d.file.endsWith('.capabilities.ts'))).toEqual([]);
    const perFile = new Map<string, number>();
    for (const d of declarations) perFile.set(d.file, (perFile.get(d.file) ?? 0) + 1);
    expect([...perFile].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('PROVIDER_CATALOG lists every declaration once', async () => {
    const declared = await Promise.all(
      declarations.map(
        async ({ name, file }) => ((await import(join(SRC, file))) as Record<string, object>)[name],
      ),
    );
    expect(PROVIDER_CATALOG).toHaveLength(declared.length);
    expect(new Set(PROVIDER_CATALOG)).toEqual(new Set(declared));
  });
});
