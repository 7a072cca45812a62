type Yaml = string | number | boolean | Yaml[] | { [key: string]: Yaml };

function scalar(value: string | number | boolean): string {
  // JSON strings are valid YAML double-quoted scalars.
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function emit(value: Yaml, indent: string, out: string[], prefix: string): void {
  if (Array.isArray(value)) {
    if (value.length === 0) return void out.push(`${prefix}[]`);
    if (prefix.trim()) out.push(prefix.trimEnd());
    for (const item of value) emit(item, `${indent}  `, out, `${indent}- `);
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return void out.push(`${prefix}{}`);
    let first = true;
    if (prefix.trim() && !prefix.trimEnd().endsWith('-')) out.push(prefix.trimEnd());
    for (const [key, child] of entries) {
      const lead = first && prefix.trimEnd().endsWith('-') ? prefix : indent;
      first = false;
      const head = `${lead}${/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : scalar(key)}:`;
      if (typeof child === 'object') emit(child, `${indent}  `, out, `${head} `);
      else out.push(`${head} ${scalar(child)}`);
    }
    return;
  }
  out.push(`${prefix}${scalar(value)}`);
}

/** A small YAML writer for plain data (maps, lists, strings, numbers, booleans). */
export function toYaml(value: Yaml): string {
  const out: string[] = [];
  emit(value, '', out, '');
  return `${out.join('\n')}\n`;
}
