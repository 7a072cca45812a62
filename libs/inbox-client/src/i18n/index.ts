export type { InboxStrings, InboxStringOverrides, Plural } from './strings.js';
export { mergeStrings } from './strings.js';
export { en } from './en.js';
export { fill, plural, relativeTime } from './format.js';
