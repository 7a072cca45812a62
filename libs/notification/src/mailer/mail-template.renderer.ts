import { requireOptional } from '@herald/contracts/internal';

type Handlebars = typeof import('handlebars');
type HtmlToText = typeof import('html-to-text');

/**
 * Renders Mailable templates with Handlebars (`{{value}}` is HTML-escaped,
 * `{{{value}}}` is not), and derives a text part from HTML with html-to-text.
 * Both are optional peer dependencies loaded on first use.
 */
export class MailTemplateRenderer {
  private handlebars?: Handlebars;
  private readonly cache = new Map<string, (context: object) => string>();

  render(template: string, context: object, html: boolean): string {
    this.handlebars ??= requireOptional<Handlebars>('handlebars', 'Mailable templates');
    const key = `${html ? 'h' : 't'}:${template}`;
    let compiled = this.cache.get(key);
    if (!compiled) {
      compiled = this.handlebars.compile(template, { noEscape: !html, strict: false });
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, compiled);
    }
    return compiled(context);
  }

  /** Plain text from HTML: links kept as `text [url]`, images dropped. */
  toText(html: string): string {
    const lib = requireOptional<HtmlToText>(
      'html-to-text',
      'the text part Mailable derives from HTML',
    );
    return lib.convert(html, {
      wordwrap: 78,
      selectors: [
        { selector: 'img', format: 'skip' },
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      ],
    });
  }
}
