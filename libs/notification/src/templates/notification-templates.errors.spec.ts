import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HeraldConfigError } from '@herald/contracts';
import { heraldRequire } from '@herald/contracts/internal';
import { TemplateCompileError } from './errors/template-compile.error.js';
import { TemplateNotFoundError } from './errors/template-not-found.error.js';
import { TemplateVariableError } from './errors/template-variable.error.js';
import type { NotificationTranslator } from './locale/notification-translator.interface.js';
import { NotificationTemplates } from './notification-templates.js';

/** A templates folder made of `files` (path → content), removed after the test. */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'herald-templates-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

async function compileError(files: Record<string, string>): Promise<TemplateCompileError> {
  const error = await NotificationTemplates.compile({ dir: folder(files) }).catch((e) => e);
  expect(error).toBeInstanceOf(TemplateCompileError);
  return error as TemplateCompileError;
}

describe('NotificationTemplates at bootstrap', () => {
  it('a syntax error names the file and the line', async () => {
    const error = await compileError({ 'welcome/sms.hbs': 'Hi\nthere\n{{name}' });
    expect(error).toMatchObject({ file: 'welcome/sms.hbs', line: 3 });
    expect(error.message).toContain('welcome/sms.hbs:3');
  });

  it('a partial that is not in partials/ names the file and line', async () => {
    const error = await compileError({ 'welcome/sms.hbs': 'Hi\n{{> footer}}' });
    expect(error).toMatchObject({ file: 'welcome/sms.hbs', line: 2 });
    expect(error.message).toContain('partial "footer"');
  });

  it('a call to an unknown helper names it', async () => {
    const error = await compileError({ 'welcome/sms.hbs': '{{shout name}}' });
    expect(error.message).toContain('helper "shout" is not registered');
  });

  it('a {{t}} key that no locale has names it', async () => {
    const error = await compileError({
      'messages/en.json': '{"hello": "Hi"}',
      'welcome/sms.hbs': '{{t "helo"}}',
    });
    expect(error.message).toContain('message "helo"');
  });

  it('an ICU syntax error names the messages file, the line and the key', async () => {
    const error = await compileError({
      'messages/de.json': '{\n  "ok": "Hallo",\n  "items": "{count, plural, one {# Artikel}"\n}',
    });
    expect(error).toMatchObject({ file: 'messages/de.json', line: 3 });
    expect(error.message).toContain('message "items"');
  });

  it('an invalid MJML layout fails strict validation with its line', async () => {
    const error = await compileError({
      'layouts/mail.mjml':
        '<mjml>\n<mj-body>\n<mj-section><mj-colum><mj-text>x</mj-text></mj-colum></mj-section>\n</mj-body>\n</mjml>',
    });
    expect(error).toMatchObject({ file: 'layouts/mail.mjml', line: 3 });
  });

  it('a file whose name the layout does not know is refused', async () => {
    const error = await compileError({ 'welcome/email.hbs': 'x' });
    expect(error.file).toBe('welcome/email.hbs');
    expect(error.message).toContain('mail.subject');
  });

  it('a locale suffix that is not a BCP 47 tag is refused', async () => {
    const error = await compileError({ 'welcome/sms.not_a-locale!.hbs': 'x' });
    expect(error.file).toBe('welcome/sms.not_a-locale!.hbs');
  });

  it('a layout the template asks for must exist', async () => {
    const error = await compileError({
      'welcome/mail.subject.hbs': 'Hi',
      'welcome/mail.html.hbs': '{{!-- layout: fancy --}}\n<p>Hi</p>',
    });
    expect(error.message).toContain('layout "fancy"');
  });

  it('bad options list every problem', async () => {
    const error = await NotificationTemplates.compile({
      dir: '/nonexistent/herald',
      defaultLocale: 'not a locale',
    }).catch((e) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect(error.message).toContain('templates.dir');
    expect(error.message).toContain('templates.defaultLocale');
  });
});

describe('NotificationTemplates.render', () => {
  it('a missing variable is a TemplateVariableError naming the template and the variable', async () => {
    const templates = await NotificationTemplates.compile({
      dir: folder({ 'welcome/sms.hbs': 'Hi {{user.name}}' }),
    });
    const error = (() => {
      try {
        templates.render('welcome', 'sms', {});
      } catch (e) {
        return e as TemplateVariableError;
      }
    })();
    expect(error).toBeInstanceOf(TemplateVariableError);
    expect(error).toMatchObject({ template: 'welcome/sms.hbs:1', variable: 'user.name' });
  });

  it('a missing helper argument names the template and the path', async () => {
    const templates = await NotificationTemplates.compile({
      dir: folder({
        'messages/en.json': '{"hi": "Hi {name}"}',
        'welcome/sms.hbs': '{{t "hi" name=user.name}}',
        'welcome/push.body.hbs': '{{#if user}}{{t "hi" name=user.name}}{{/if}}{{date sentAt}}',
      }),
    });
    expect(() => templates.render('welcome', 'sms', {})).toThrow(
      expect.objectContaining({ template: 'welcome/sms.hbs', variable: 'user.name' }),
    );
    expect(() => templates.render('welcome', 'sms', { user: {} })).toThrow(
      expect.objectContaining({ variable: 'user.name' }),
    );
    expect(() => templates.render('welcome', 'push', {})).toThrow(
      expect.objectContaining({ variable: 'sentAt' }),
    );
    expect(templates.render('welcome', 'sms', { user: { name: 'Ada' } }).body).toBe('Hi Ada');
  });

  it('a missing ICU argument names the message and the argument', async () => {
    const templates = await NotificationTemplates.compile({
      dir: folder({
        'messages/en.json': '{"hi": "Hi {name}"}',
        'welcome/sms.hbs': '{{t "hi"}}',
      }),
    });
    expect(() => templates.render('welcome', 'sms', {})).toThrow(
      expect.objectContaining({ template: 'messages/en.json#hi', variable: 'name' }),
    );
  });

  it('falls back pt-BR → pt → default, for files and for messages', async () => {
    const templates = await NotificationTemplates.compile({
      dir: folder({
        'messages/en.json': '{"hi": "Hello", "bye": "Bye"}',
        'messages/pt.json': '{"hi": "Olá"}',
        'messages/pt-BR.json': '{"bye": "Tchau"}',
        'welcome/sms.hbs': '{{t "hi"}} {{t "bye"}}',
        'welcome/push.body.hbs': 'base',
        'welcome/push.body.pt.hbs': 'pt file',
      }),
      defaultLocale: 'en',
    });
    expect(templates.render('welcome', 'sms', {}, { locale: 'pt-BR' }).body).toBe('Olá Tchau');
    expect(templates.render('welcome', 'sms', {}, { locale: 'pt-PT' }).body).toBe('Olá Bye');
    expect(templates.render('welcome', 'sms', {}, { locale: 'fr' }).body).toBe('Hello Bye');
    expect(templates.render('welcome', 'push', {}, { locale: 'pt-BR' }).body).toBe('pt file');
    expect(templates.render('welcome', 'push', {}, { locale: 'de' }).body).toBe('base');
  });

  it('a channel without files is a TemplateNotFoundError', async () => {
    const templates = await NotificationTemplates.compile({
      dir: folder({ 'welcome/sms.hbs': 'x' }),
    });
    expect(templates.has('welcome', 'sms')).toBe(true);
    expect(templates.has('welcome', 'push')).toBe(false);
    expect(() => templates.render('welcome', 'push', {})).toThrow(TemplateNotFoundError);
  });

  it('mail HTML escapes values, text parts do not; the text part is derived from HTML when absent', async () => {
    const templates = await NotificationTemplates.compile({
      dir: folder({
        'welcome/mail.subject.hbs': 'Hi {{name}}\n',
        'welcome/mail.html.hbs': '<p>Hi {{name}}</p>',
        'welcome/sms.hbs': 'Hi {{name}}',
      }),
    });
    const mail = templates.render('welcome', 'mail', { name: 'Tom & <Jerry>' });
    expect(mail.subject).toBe('Hi Tom & <Jerry>');
    expect(mail.html).toBe('<p>Hi Tom &amp; &lt;Jerry&gt;</p>');
    expect(mail.text).toBe('Hi Tom & <Jerry>');
    expect(templates.render('welcome', 'sms', { name: 'Tom & Jerry' }).body).toBe('Hi Tom & Jerry');
  });

  it('uses an application translator (nestjs-i18n style) instead of messages/', async () => {
    const calls: unknown[] = [];
    const translator: NotificationTranslator = {
      translate(key, locale, values, timeZone) {
        calls.push([key, locale, values, timeZone]);
        return locale === 'de' ? `Hallo ${String(values.name)}` : undefined;
      },
    };
    const templates = await NotificationTemplates.compile({
      dir: folder({ 'welcome/sms.hbs': '{{t "greeting.hello" name=name}}' }),
      translator,
    });
    const sms = templates.render(
      'welcome',
      'sms',
      { name: 'Ada' },
      { locale: 'de', timeZone: 'Europe/Berlin' },
    );
    expect(sms.body).toBe('Hallo Ada');
    expect(calls).toEqual([['greeting.hello', 'de', { name: 'Ada' }, 'Europe/Berlin']]);
    expect(() => templates.render('welcome', 'sms', { name: 'Ada' }, { locale: 'fr' })).toThrow(
      TemplateVariableError,
    );
  });

  it('every MJML layout of the fixture folder passes strict validation', async () => {
    const dir = join(__dirname, '__fixtures__', 'templates', 'layouts');
    const mjml = heraldRequire('mjml') as (s: string, o: object) => Promise<{ errors: unknown[] }>;
    const layouts = readdirSync(dir).filter((f) => f.endsWith('.mjml'));
    expect(layouts.length).toBeGreaterThan(0);
    for (const file of layouts) {
      const result = await mjml(readFileSync(join(dir, file), 'utf8'), {
        validationLevel: 'strict',
      });
      expect(result.errors).toEqual([]);
    }
  });
});
