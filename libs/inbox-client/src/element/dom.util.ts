/// <reference lib="dom" />
export type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined>;

/**
 * Creates an element: attribute `true` sets it empty, `false`/`null`/`undefined`
 * leaves it out; strings become text nodes (never parsed as HTML).
 */
export function h(
  tag: string,
  attrs?: Attrs | null,
  ...children: (Child | Child[])[]
): HTMLElement {
  const el = document.createElement(tag);
  if (attrs)
    for (const name in attrs) {
      const value = attrs[name];
      if (value === false || value === null || value === undefined) continue;
      el.setAttribute(name, value === true ? '' : String(value));
    }
  append(el, children);
  return el;
}

function append(el: Element, children: (Child | Child[])[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(el, child);
    else if (child !== null && child !== undefined && child !== false)
      el.append(child as Node | string);
  }
}

/** http(s) or same-origin relative URLs only: a `javascript:` link in a message is dropped. */
export function safeUrl(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
