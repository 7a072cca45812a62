export {
  NotificationTemplates,
  type NotificationTemplatesOptions,
  type TemplateRenderOptions,
  type RenderedTemplates,
} from './notification-templates.js';
export { NotificationTemplatesModule } from './notification-templates.module.js';
export { NOTIFICATION_TEMPLATES_OPTIONS } from './notification-templates.module-definition.js';
export { TEMPLATE_PARTS, type TemplateChannel } from './template-files.util.js';
export type { TemplateRenderData } from './template-helpers.js';
export { TemplateCompileError } from './errors/template-compile.error.js';
export { TemplateVariableError } from './errors/template-variable.error.js';
export { TemplateNotFoundError } from './errors/template-not-found.error.js';
export { TemplateRenderError } from '../errors/template-render.error.js';
export type { NotificationTranslator } from './locale/notification-translator.interface.js';
export type { HasLocalePreference } from './locale/resolve-locale.util.js';
export { resolveLocale } from './locale/resolve-locale.util.js';
export { localeChain, canonicalLocale, textDirection } from './locale/locale-chain.util.js';
export { MessageCatalog } from './locale/message-catalog.js';
