import { requireOptional } from '@herald/contracts/internal';
import { TemplateRenderError } from '../errors/template-render.error.js';

/** A React element (`<Welcome name="Ada" />`); typed loosely so Herald's types need no React. */
export interface ReactEmailElement {
  readonly type: unknown;
  readonly props: unknown;
}

interface ReactEmailRender {
  render(element: unknown, options?: { plainText?: boolean; pretty?: boolean }): Promise<string>;
}

/** What a component is called in an error: its function's or class's name, or the tag. */
function componentName(element: ReactEmailElement): string {
  const type = element.type as { displayName?: unknown; name?: unknown } | string | undefined;
  if (typeof type === 'string') return `<${type}>`;
  const name = type?.displayName ?? type?.name;
  return typeof name === 'string' && name ? `<${name}>` : 'a React Email component';
}

/**
 * Renders a React Email element to HTML and, when `withText`, to plain text
 * (React Email's own conversion, which keeps link targets and drops
 * preview text). A component that throws becomes a `TemplateRenderError`
 * naming it, with the component's error as `cause`.
 */
export async function renderReactEmail(
  element: ReactEmailElement,
  withText: boolean,
): Promise<{ html: string; text?: string }> {
  if (element === null || typeof element !== 'object' || !('type' in element)) {
    throw new TypeError(
      `Mailable.react() takes a React element such as <Welcome name="Ada" /> (got ${element === null ? 'null' : typeof element})`,
    );
  }
  const lib = requireOptional<ReactEmailRender>('@react-email/render', 'Mailable.react()');
  const name = componentName(element);
  try {
    const html = await lib.render(element);
    const text = withText ? await lib.render(element, { plainText: true }) : undefined;
    return { html, text };
  } catch (error) {
    throw new TemplateRenderError(name, (error as Error)?.message ?? String(error), error);
  }
}
