export { HeraldInboxElement, type InboxBadge } from './herald-inbox.element.js';
export { defineHeraldInbox } from './define-herald-inbox.js';
export { INBOX_CSS } from './herald-inbox.styles.js';
export { en } from '../i18n/en.js';
export type { InboxStrings, InboxStringOverrides, Plural } from '../i18n/strings.js';
