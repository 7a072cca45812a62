import { existsSync, statSync } from 'node:fs';
import { HeraldConfigError, HeraldError } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import { MailTemplateRenderer } from '../mailer/mail-template.renderer.js';
import { TemplateCompileError } from './errors/template-compile.error.js';
import { TemplateNotFoundError } from './errors/template-not-found.error.js';
import { TemplateRenderError } from '../errors/template-render.error.js';
import { TemplateVariableError } from './errors/template-variable.error.js';
import { canonicalLocale, localeChain, textDirection } from './locale/locale-chain.util.js';
import { MessageCatalog } from './locale/message-catalog.js';
import type { NotificationTranslator } from './locale/notification-translator.interface.js';
import { templateHelpers, type TemplateRenderData } from './template-helpers.js';
import { checkTemplate, lineOf } from './template-check.util.js';
import {
  readTemplateFolder,
  TEMPLATE_PARTS,
  type NotificationTemplateFile,
  type TemplateChannel,
  type TemplateFile,
} from './template-files.util.js';

type Handlebars = typeof import('handlebars');
type Compiled = (context: object, options: { data: object }) => string;

/** How `NotificationTemplates.compile()` finds and renders templates. */
export interface NotificationTemplatesOptions {
  /** The templates folder (absolute, or relative to the working directory). */
  dir: string;
  /** The locale of recipients without one, and the last fallback. @default 'en' */
  defaultLocale?: string;
  /** Where `{{t}}` finds its text instead of `messages/<locale>.json` (nestjs-i18n...). */
  translator?: NotificationTranslator;
  /** Extra Handlebars helpers. */
  helpers?: Record<string, (...args: any[]) => unknown>;
}

/** The recipient a render is for. */
export interface TemplateRenderOptions {
  /** BCP 47 tag; falls back `pt-BR` → `pt` → default. @default the default locale */
  locale?: string;
  /** IANA time zone of dates. @default the process's */
  timeZone?: string;
  /** "Now" of relative times. @default the current time */
  now?: Date;
}

/** A channel rendered from files: what `toSms()`, `toPush()`, `toMail()`, `toInbox()` would return. */
export interface RenderedTemplates {
  sms: { body: string };
  push: { title?: string; body: string };
  mail: { subject: string; html?: string; text: string };
  inbox: { title: string; body: string };
}

interface CompiledFile {
  file: string;
  /** What Handlebars compiled (MJML already turned into HTML). */
  source: string;
  /** Paths the file's helper calls read (strict mode checks only plain `{{path}}`). */
  required: string[];
  render: Compiled;
  layout?: CompiledFile;
}

const LAYOUT_COMMENT = /^\s*\{\{!-*\s*layout:\s*([\w./-]+)\s*-*\}\}\s*\n?/;

/**
 * The templates of a folder, compiled once (`await NotificationTemplates.compile(options)`,
 * or `NotificationTemplatesModule` at bootstrap): a broken template, layout,
 * partial or message stops the application at start with a
 * `TemplateCompileError` naming the file and line. Rendering is synchronous
 * and strict: a missing variable is a `TemplateVariableError`.
 */
export class NotificationTemplates {
  private readonly files = new Map<string, Map<string, Map<string, CompiledFile>>>();
  private readonly mailText = new MailTemplateRenderer();

  private constructor(
    readonly defaultLocale: string,
    private readonly catalog: MessageCatalog,
    private readonly translator?: NotificationTranslator,
  ) {}

  static async compile(options: NotificationTemplatesOptions): Promise<NotificationTemplates> {
    const problems = [];
    if (
      typeof options?.dir !== 'string' ||
      !existsSync(options.dir) ||
      !statSync(options.dir).isDirectory()
    )
      problems.push({
        path: 'templates.dir',
        message: `must be a folder of templates (got ${JSON.stringify(options?.dir)})`,
      });
    const defaultLocale = canonicalLocale(options?.defaultLocale ?? 'en');
    if (!defaultLocale)
      problems.push({
        path: 'templates.defaultLocale',
        message: `must be a BCP 47 tag such as "en" or "pt-BR" (got ${JSON.stringify(options.defaultLocale)})`,
      });
    if (problems.length > 0)
      throw new HeraldConfigError(problems, 'Invalid notification templates options');
    const folder = readTemplateFolder(options.dir);
    if (folder.unknown.length > 0)
      throw new TemplateCompileError(
        folder.unknown[0],
        undefined,
        'not a template: expected layouts/<name>.hbs|.mjml, partials/<name>.hbs, messages/<locale>.json or <notification>/<part>[.<locale>].hbs|.mjml with part one of ' +
          Object.values(TEMPLATE_PARTS).flat().join(', '),
      );
    const catalog = new MessageCatalog(folder.messages);
    const templates = new NotificationTemplates(defaultLocale!, catalog, options.translator);
    const hb = requireOptional<Handlebars>('handlebars', 'notification templates').create();
    const helpers = { ...templateHelpers(catalog, options.translator), ...options.helpers };
    hb.registerHelper(helpers);
    const known = {
      helpers: new Set([...Object.keys(helpers), ...Object.keys(hb.helpers)]),
      partials: new Set(folder.partials.keys()),
      messages: options.translator ? undefined : catalog,
    };
    for (const [name, partial] of folder.partials) {
      checkTemplate(hb, partial.file, partial.source, known);
      hb.registerPartial(name, partial.source);
    }
    const layouts = new Map<string, CompiledFile>();
    for (const [name, layout] of folder.layouts)
      layouts.set(name, await templates.compileFile(hb, layout, true, known));
    for (const template of folder.templates) {
      let source = template.source;
      let layout: CompiledFile | undefined;
      if (template.part === 'mail.html' && template.engine === 'hbs') {
        const chosen = LAYOUT_COMMENT.exec(source);
        const name = chosen ? chosen[1] : 'mail';
        if (chosen) source = source.slice(chosen[0].length);
        if (name !== 'none') {
          layout = layouts.get(name);
          if (!layout && chosen)
            throw new TemplateCompileError(
              template.file,
              1,
              `layout "${name}" is not in layouts/ (have: ${[...layouts.keys()].join(', ') || 'none'})`,
            );
        }
      }
      if (template.locale !== undefined && canonicalLocale(template.locale) === undefined)
        throw new TemplateCompileError(
          template.file,
          undefined,
          `"${template.locale}" is not a BCP 47 locale tag`,
        );
      const compiled = await templates.compileFile(
        hb,
        { ...template, source },
        template.part === 'mail.html',
        known,
      );
      compiled.layout = layout;
      templates.add(template, compiled);
    }
    return templates;
  }

  /** The notification names that have templates (their folder names). */
  names(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Whether `name` renders `channel` from files. */
  has(name: string, channel: string): boolean {
    const parts = this.files.get(name);
    switch (channel) {
      case 'sms':
        return !!parts?.has('sms');
      case 'push':
        return !!parts?.has('push.body');
      case 'mail':
        return !!parts?.has('mail.subject') && (parts.has('mail.html') || parts.has('mail.text'));
      case 'inbox':
        return !!parts?.has('inbox.title') && parts.has('inbox.body');
      default:
        return false;
    }
  }

  /** The locale a recipient's `locale` resolves to among the files (for records and previews). */
  chain(locale?: string): string[] {
    return localeChain(locale, this.defaultLocale);
  }

  /** Renders one channel of template `name` with `data`, in the recipient's locale and time zone. */
  render<C extends TemplateChannel>(
    name: string,
    channel: C,
    data: object,
    options: TemplateRenderOptions = {},
  ): RenderedTemplates[C] {
    checkRenderArguments(name, channel, data, options);
    const chain = this.chain(options?.locale);
    const locale = chain[0];
    const base = {
      locale,
      chain,
      dir: textDirection(locale),
      timeZone: options.timeZone,
      now: options.now ?? new Date(),
    };
    const layoutData: Record<string, unknown> = {};
    const part = (p: string, required: boolean): string | undefined => {
      const file = this.pick(name, p, chain);
      if (!file) {
        if (required) throw new TemplateNotFoundError(name, channel, `${p}.hbs`);
        return undefined;
      }
      const text = this.run(file, data, base, layoutData);
      // one-line parts lose the newline every file ends with
      return p === 'mail.html' || p === 'mail.text' ? text : text.trim();
    };
    let out: unknown;
    switch (channel) {
      case 'sms':
        out = { body: part('sms', true)! };
        break;
      case 'push': {
        const title = part('push.title', false);
        out = { ...(title !== undefined ? { title } : {}), body: part('push.body', true)! };
        break;
      }
      case 'inbox':
        out = { title: part('inbox.title', true)!, body: part('inbox.body', true)! };
        break;
      case 'mail': {
        const subject = part('mail.subject', true)!;
        layoutData.subject = subject;
        const html = part('mail.html', false);
        const text = part('mail.text', html === undefined) ?? this.mailText.toText(html!);
        out = { subject: subject.trim(), ...(html !== undefined ? { html } : {}), text };
        break;
      }
      default:
        throw new TemplateNotFoundError(name, channel, `${channel}.hbs`);
    }
    return out as RenderedTemplates[C];
  }

  /** A message in the recipient's locale (the `t` of templates and of `RenderContext`). */
  translate(
    key: string,
    values: Record<string, unknown> = {},
    options: TemplateRenderOptions = {},
  ): string {
    const chain = this.chain(options.locale);
    const text = this.translator
      ? this.translator.translate(key, chain[0], values, options.timeZone)
      : this.catalog.translate(key, chain[0], values, options.timeZone, chain);
    if (text === undefined)
      throw new TemplateVariableError('messages', `message "${key}" (${chain[0]})`);
    return text;
  }

  private pick(name: string, part: string, chain: readonly string[]): CompiledFile | undefined {
    const byLocale = this.files.get(name)?.get(part);
    if (!byLocale) return undefined;
    for (const locale of chain) {
      const file = byLocale.get(locale);
      if (file) return file;
    }
    return byLocale.get('');
  }

  /** Renders a file, then its layout with `body` (and, for mail, `subject`) added to the data. */
  private run(
    file: CompiledFile,
    data: object,
    base: Omit<TemplateRenderData, 'file'>,
    layoutData: object,
  ): string {
    const call = (f: CompiledFile, context: object): string => {
      for (const path of f.required)
        if (valueAt(context, path) === undefined) throw new TemplateVariableError(f.file, path);
      try {
        return f.render(context, { data: { ...base, herald: { ...base, file: f.file } } });
      } catch (error) {
        const message = String((error as Error)?.message);
        const variable =
          /^"([^"]+)" not defined in/.exec(message) ??
          (error instanceof TypeError
            ? /of (?:undefined|null) \(reading '([^']+)'\)/.exec(message)
            : null);
        if (!variable) {
          if (error instanceof HeraldError) throw error;
          throw new TemplateRenderError(f.file, message.split('\n')[0], error);
        }
        const e = error as { lineNumber?: number; column?: number };
        throw new TemplateVariableError(
          `${f.file}${e.lineNumber ? `:${e.lineNumber}` : ''}`,
          pathAt(f.source, e.lineNumber, e.column, variable[1]),
        );
      }
    };
    const body = call(file, data);
    return file.layout ? call(file.layout, { ...data, ...layoutData, body }) : body;
  }

  private add(template: NotificationTemplateFile, compiled: CompiledFile): void {
    let parts = this.files.get(template.name);
    if (!parts) this.files.set(template.name, (parts = new Map()));
    let byLocale = parts.get(template.part);
    if (!byLocale) parts.set(template.part, (byLocale = new Map()));
    byLocale.set(template.locale === undefined ? '' : canonicalLocale(template.locale)!, compiled);
  }

  private async compileFile(
    hb: ReturnType<Handlebars['create']>,
    template: TemplateFile,
    html: boolean,
    known: Parameters<typeof checkTemplate>[3],
  ): Promise<CompiledFile> {
    let source = template.source;
    if (template.engine === 'mjml') source = await mjmlToHtml(template);
    const required = checkTemplate(hb, template.file, source, known);
    return {
      file: template.file,
      source,
      required,
      render: hb.compile(source, { strict: true, noEscape: !html }) as Compiled,
    };
  }
}

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
};

/** The arguments of `render()`, every problem at once. */
function checkRenderArguments(
  name: unknown,
  channel: unknown,
  data: unknown,
  options: unknown,
): void {
  const problems = [];
  if (typeof name !== 'string' || name === '')
    problems.push({ path: 'name', message: `must be a template folder name (got ${show(name)})` });
  if (typeof channel !== 'string' || !(channel in TEMPLATE_PARTS))
    problems.push({
      path: 'channel',
      message: `must be one of ${Object.keys(TEMPLATE_PARTS).join(', ')} (got ${show(channel)})`,
    });
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    problems.push({
      path: 'data',
      message: `must be an object (got ${Array.isArray(data) ? 'an array' : show(data)})`,
    });
  if (options !== undefined && (typeof options !== 'object' || options === null))
    problems.push({ path: 'options', message: `must be an object (got ${show(options)})` });
  const { locale, timeZone, now } = (options ?? {}) as Record<string, unknown>;
  if (locale !== undefined && typeof locale !== 'string')
    problems.push({
      path: 'options.locale',
      message: `must be a BCP 47 tag such as "de" (got ${show(locale)})`,
    });
  if (timeZone !== undefined && !isTimeZone(timeZone))
    problems.push({
      path: 'options.timeZone',
      message: `must be an IANA time zone such as "Europe/Berlin" (got ${show(timeZone)})`,
    });
  if (now !== undefined && (!(now instanceof Date) || Number.isNaN(now.getTime())))
    problems.push({ path: 'options.now', message: `must be a valid Date (got ${show(now)})` });
  if (problems.length > 0) throw new HeraldConfigError(problems, 'Cannot render the template');
}

/** Whether `Intl` knows the IANA time zone `value`. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function valueAt(context: object, path: string): unknown {
  let value: unknown = context;
  for (const key of path.split('.')) {
    if (value === null || value === undefined) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The whole path of a missing variable (`user.name`): Handlebars names the
 * last segment it looked up, and its position points at the path.
 */
function pathAt(
  source: string,
  line: number | undefined,
  column: number | undefined,
  name: string,
): string {
  if (line === undefined || column === undefined) return name;
  const text = source.split('\n')[line - 1]?.slice(column) ?? '';
  const path = /^[\w$@./-]+/.exec(text)?.[0];
  return path && path.split(/[./]/).includes(name) ? path : name;
}

type Mjml = (
  source: string,
  options: object,
) =>
  | Promise<{ html: string; errors: Array<{ line: number; message: string }> }>
  | { html: string; errors: Array<{ line: number; message: string }> };

/** MJML to HTML at bootstrap; Handlebars expressions pass through as text. Strict validation. */
async function mjmlToHtml(template: TemplateFile): Promise<string> {
  const loaded = requireOptional<Mjml | { default: Mjml }>(
    'mjml',
    `the MJML template ${template.file}`,
  );
  const mjml = typeof loaded === 'function' ? loaded : loaded.default;
  let result;
  try {
    result = await mjml(template.source, { validationLevel: 'strict', keepComments: false });
  } catch (error) {
    const e = error as { errors?: Array<{ line: number; message: string }>; message?: string };
    const first = e.errors?.[0];
    throw new TemplateCompileError(
      template.file,
      first?.line ?? lineOf(String(e.message)),
      first?.message ?? String(e.message),
    );
  }
  if (result.errors.length > 0) {
    const first = result.errors[0];
    throw new TemplateCompileError(template.file, first.line, first.message);
  }
  return result.html;
}
