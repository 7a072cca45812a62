import { HeraldInboxElement } from './herald-inbox.element.js';

/**
 * Registers `<herald-inbox>` (or your tag name) once; a no-op on the server
 * (no `customElements`) and when the name is taken already.
 */
export function defineHeraldInbox(tagName = 'herald-inbox'): void {
  if (typeof customElements === 'undefined' || customElements.get(tagName)) return;
  // a subclass per extra tag name: one constructor cannot be defined twice
  customElements.define(
    tagName,
    tagName === 'herald-inbox' ? HeraldInboxElement : class extends HeraldInboxElement {},
  );
}
