// The two react-dom entries the element's tests use (react-dom ships no types and
// @types/react-dom is not a devDependency): just what is called.
declare module 'react-dom/server' {
  import type { ReactNode } from 'react';
  export function renderToString(node: ReactNode): string;
}

declare module 'react-dom/client' {
  import type { ReactNode } from 'react';
  export function hydrateRoot(
    container: Element,
    node: ReactNode,
    options?: { onRecoverableError?: (error: unknown) => void },
  ): { unmount(): void };
}
