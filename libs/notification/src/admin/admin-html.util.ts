const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Tagged template: every interpolated value is escaped, except arrays of already-built HTML. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    if (value instanceof SafeHtml) out += value.value;
    else if (Array.isArray(value))
      out += value.map((v) => (v instanceof SafeHtml ? v.value : escapeHtml(v))).join('');
    else out += escapeHtml(value);
    out += strings[i + 1];
  });
  return new SafeHtml(out);
}

/** HTML that is already safe to insert. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}
