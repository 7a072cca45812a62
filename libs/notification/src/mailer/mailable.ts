import type { MailAddress, MailAttachment, MailMessage } from '@herald/contracts';
import { MailTemplateRenderer } from './mail-template.renderer.js';
import { renderReactEmail, type ReactEmailElement } from './react-email.renderer.js';

interface TemplateParts {
  html?: string;
  text?: string;
  subject?: string;
  context: object;
}

/**
 * Builds an email step by step; any mailer sends it (`mailer.send(mailable)`).
 * `build()` renders the templates (Handlebars: `{{x}}` escaped), derives the
 * text part from the HTML when there is none, and returns a `MailMessage`.
 * The mailer validates it (addresses, header injection) before sending.
 *
 * @example
 * new Mailable()
 *   .to({ name: 'Ada', address: 'ada@example.com' })
 *   .subject('Welcome, {{name}}')
 *   .template({ html: '<p>Hello {{name}}</p><img src="cid:logo">' }, { name: 'Ada' })
 *   .embed({ filename: 'logo.png', content: png, contentId: 'logo' })
 *   .tag('welcome');
 */
export class Mailable {
  protected readonly message: MailMessage = { to: [], subject: '' };
  private templateParts?: TemplateParts;
  private reactElement?: ReactEmailElement;

  from(address: MailAddress): this {
    this.message.from = address;
    return this;
  }

  to(...addresses: MailAddress[]): this {
    this.message.to.push(...addresses);
    return this;
  }

  cc(...addresses: MailAddress[]): this {
    (this.message.cc ??= []).push(...addresses);
    return this;
  }

  bcc(...addresses: MailAddress[]): this {
    (this.message.bcc ??= []).push(...addresses);
    return this;
  }

  replyTo(address: MailAddress): this {
    this.message.replyTo = address;
    return this;
  }

  /** The subject; with `template()`, it is rendered as a template too. */
  subject(subject: string): this {
    this.message.subject = subject;
    return this;
  }

  text(text: string): this {
    this.message.text = text;
    return this;
  }

  html(html: string): this {
    this.message.html = html;
    return this;
  }

  /**
   * Handlebars templates for the HTML and/or text body, rendered by `build()`
   * with `context`. HTML output escapes values; the subject is rendered too.
   */
  template(
    templates: { html?: string; text?: string; subject?: string },
    context: object = {},
  ): this {
    this.templateParts = { ...templates, context };
    return this;
  }

  /**
   * A React Email component as the body (`@react-email/render`, an optional
   * peer, with `react` and `react-dom`): `build()` renders it to the HTML part
   * and, unless `text()` set one, to its plain-text part. Replaces `html()` and
   * a `template()` HTML part.
   * @example new Mailable().to(user).subject('Welcome').react(<Welcome name={user.name} />)
   */
  react(element: ReactEmailElement): this {
    this.reactElement = element;
    return this;
  }

  /** A regular attachment. */
  attach(attachment: MailAttachment): this {
    (this.message.attachments ??= []).push(attachment);
    return this;
  }

  /** An inline attachment the HTML references as `cid:<contentId>`. */
  embed(attachment: MailAttachment & { contentId: string }): this {
    return this.attach(attachment);
  }

  header(name: string, value: string): this {
    (this.message.headers ??= {})[name] = value;
    return this;
  }

  /** Provider tags (SendGrid categories; an `X-Herald-Tags` header over SMTP; metadata `X-Herald-Meta-<key>`). */
  tag(...tags: string[]): this {
    (this.message.tags ??= []).push(...tags);
    return this;
  }

  metadata(key: string, value: string): this {
    (this.message.metadata ??= {})[key] = value;
    return this;
  }

  /**
   * What kind of mail this is (`metadata.category`): the suppression list
   * matches entries of this category, and with one-click unsubscribe on, a
   * category that is not transactional (`transactionalCategories`) adds
   * `List-Unsubscribe`. Mail without a category counts as transactional.
   * @example new Mailable().category('newsletter')
   */
  category(name: string): this {
    return this.metadata('category', name);
  }

  idempotencyKey(key: string): this {
    this.message.idempotencyKey = key;
    return this;
  }

  /** The finished message: templates rendered, text part derived from HTML when missing. */
  async build(): Promise<MailMessage> {
    const out: MailMessage = structuredClone({ ...this.message, attachments: undefined });
    if (this.message.attachments) out.attachments = this.message.attachments.map((a) => ({ ...a }));
    const renderer = new MailTemplateRenderer();
    const parts = this.templateParts;
    if (parts) {
      if (parts.html !== undefined) out.html = renderer.render(parts.html, parts.context, true);
      if (parts.text !== undefined) out.text = renderer.render(parts.text, parts.context, false);
      const subject = parts.subject ?? out.subject;
      if (subject) out.subject = renderer.render(subject, parts.context, false);
    }
    if (this.reactElement) {
      const rendered = await renderReactEmail(this.reactElement, out.text === undefined);
      out.html = rendered.html;
      if (rendered.text !== undefined) out.text = rendered.text;
    }
    if (out.html && !out.text) out.text = renderer.toText(out.html);
    return out;
  }
}
