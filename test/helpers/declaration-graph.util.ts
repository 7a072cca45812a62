import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * The modules a declaration file names, as TypeScript's own pre-processor
 * finds them (comments ignored): `import`/`export ... from`, inline
 * `import('x')` types and `/// <reference types="x" />`.
 */
function specifiersOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return [...info.importedFiles, ...info.typeReferenceDirectives].map((ref) => ref.fileName);
}

function resolveDeclaration(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.d.ts`, `${base}/index.d.ts`].find((candidate) => existsSync(candidate));
}

/** The package a bare specifier names: `@scope/name` or `name` (`@sentry/nestjs/setup` → `@sentry/nestjs`). */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Where one emitted declaration file names a module outside its package. */
export interface ExternalReference {
  /** The specifier as written (`typeorm`, `@herald/contracts/internal`, `node:http`). */
  specifier: string;
  /** The declaration file that names it. */
  file: string;
}

/**
 * Every module outside the package that a published declaration entry makes
 * TypeScript load: relative imports are followed through the emitted `.d.ts`
 * files (re-exports, `import type`, inline `import('...')` types), bare ones
 * are collected. This is what a consumer compiled with `skipLibCheck: false`
 * must be able to resolve.
 */
export function externalReferencesOf(entry: string): ExternalReference[] {
  const seen = new Set<string>();
  const found: ExternalReference[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith('.')) {
        found.push({ specifier, file });
        continue;
      }
      const target = resolveDeclaration(file, specifier);
      if (!target) throw new Error(`${file} imports ${specifier}, which has no declaration file`);
      visit(target);
    }
  };
  visit(resolve(entry));
  return found;
}
