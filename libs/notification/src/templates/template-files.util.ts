import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The parts a notification folder may hold, by channel. */
export const TEMPLATE_PARTS = {
  mail: ['mail.subject', 'mail.html', 'mail.text'],
  sms: ['sms'],
  push: ['push.title', 'push.body'],
  inbox: ['inbox.title', 'inbox.body'],
} as const;

export type TemplateChannel = keyof typeof TEMPLATE_PARTS;
const PARTS: readonly string[] = Object.values(TEMPLATE_PARTS)
  .flat()
  .sort((a, b) => b.length - a.length);

/** One file of the templates folder. */
export interface TemplateFile {
  /** Relative to the folder, with `/`. */
  file: string;
  engine: 'hbs' | 'mjml';
  source: string;
}

/** A notification's template file: `order-shipped/sms.de.hbs` → name, part, locale. */
export interface NotificationTemplateFile extends TemplateFile {
  name: string;
  part: string;
  /** The BCP 47 tag of a per-locale file; absent for the file every locale shares. */
  locale?: string;
}

export interface TemplateFolder {
  layouts: Map<string, TemplateFile>;
  partials: Map<string, TemplateFile>;
  messages: Map<string, [string, string]>;
  templates: NotificationTemplateFile[];
  /** Files whose name the folder layout does not know. */
  unknown: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Reads a templates folder: `layouts/<name>.hbs|.mjml`, `partials/<name>.hbs`,
 * `messages/<locale>.json`, and `<notification>/<part>[.<locale>].hbs|.mjml`
 * where part is `mail.subject`, `mail.html`, `mail.text`, `sms`,
 * `push.title`, `push.body`, `inbox.title` or `inbox.body`.
 */
export function readTemplateFolder(root: string): TemplateFolder {
  const folder: TemplateFolder = {
    layouts: new Map(),
    partials: new Map(),
    messages: new Map(),
    templates: [],
    unknown: [],
  };
  for (const path of walk(root).sort()) {
    const file = relative(root, path).split(sep).join('/');
    const source = readFileSync(path, 'utf8');
    const [top, ...rest] = file.split('/');
    const base = rest.join('/');
    const ext = /\.(hbs|mjml|json)$/.exec(file)?.[1];
    if (top === 'messages' && ext === 'json') {
      folder.messages.set(base.slice(0, -'.json'.length), [file, source]);
    } else if ((top === 'layouts' || top === 'partials') && (ext === 'hbs' || ext === 'mjml')) {
      const name = base.slice(0, -(ext.length + 1));
      folder[top].set(name, { file, engine: ext, source });
    } else if (rest.length === 1 && (ext === 'hbs' || ext === 'mjml')) {
      const stem = base.slice(0, -(ext.length + 1));
      const part = PARTS.find((p) => stem === p || stem.startsWith(`${p}.`));
      if (!part) folder.unknown.push(file);
      else {
        const locale = stem === part ? undefined : stem.slice(part.length + 1);
        folder.templates.push({ file, engine: ext, source, name: top, part, locale });
      }
    } else if (!file.split('/').some((s) => s.startsWith('.'))) folder.unknown.push(file);
  }
  return folder;
}
