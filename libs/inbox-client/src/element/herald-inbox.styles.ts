/**
 * The element's only styles, adopted by its shadow root (nothing is written to
 * the page's `<head>`). Theme with the `--herald-*` custom properties; each has a
 * light and a dark default (prefers-color-scheme).
 */
export const INBOX_CSS = `
:host{--_bg:var(--herald-color-bg,#fff);--_fg:var(--herald-color-fg,#1f1f1f);--_muted:var(--herald-color-muted,#555);--_border:var(--herald-color-border,#c7c7c7);--_accent:var(--herald-color-accent,#0b57d0);--_accent-fg:var(--herald-color-accent-fg,#fff);--_badge:var(--herald-color-badge-bg,#b3261e);--_badge-fg:var(--herald-color-badge-fg,#fff);--_unread:var(--herald-color-unread-bg,#eef3fd);--_danger:var(--herald-color-danger,#b3261e);--_r:var(--herald-radius,8px);--_s:var(--herald-space,8px);display:inline-block;position:relative;font:var(--herald-font,inherit);color:var(--_fg)}
@media (prefers-color-scheme:dark){:host{--_bg:var(--herald-color-bg,#1f1f1f);--_fg:var(--herald-color-fg,#eee);--_muted:var(--herald-color-muted,#bbb);--_border:var(--herald-color-border,#5f5f5f);--_accent:var(--herald-color-accent,#a8c7fa);--_accent-fg:var(--herald-color-accent-fg,#062e6f);--_badge:var(--herald-color-badge-bg,#f2b8b5);--_badge-fg:var(--herald-color-badge-fg,#601410);--_unread:var(--herald-color-unread-bg,#2a3245);--_danger:var(--herald-color-danger,#f2b8b5)}}
*{box-sizing:border-box}
[hidden]{display:none!important}
button,input{font:inherit;color:inherit}
button{cursor:pointer;border:1px solid var(--_border);background:var(--_bg);border-radius:calc(var(--_r)/2);padding:calc(var(--_s)/4) var(--_s);min-block-size:28px}
button:hover{border-color:var(--_accent)}
:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.bell{position:relative;display:inline-flex;align-items:center;justify-content:center;inline-size:40px;block-size:40px;border-radius:50%;padding:0}
.bell svg{inline-size:22px;block-size:22px;fill:currentColor}
.badge{position:absolute;inset-block-start:-4px;inset-inline-end:-4px;min-inline-size:20px;padding-inline:5px;border-radius:10px;background:var(--_badge);color:var(--_badge-fg);font-size:12px;line-height:20px;font-weight:600;text-align:center}
.panel{position:fixed;margin:0;inset:auto;inline-size:min(var(--herald-panel-width,380px),calc(100vw - 16px));max-block-size:min(560px,calc(100vh - 80px));overflow:auto;padding:0;border:1px solid var(--_border);border-radius:var(--_r);background:var(--_bg);color:var(--_fg);box-shadow:var(--herald-shadow,0 8px 24px rgb(0 0 0/.18))}
.panel:not([popover]){position:absolute;inset-block-start:calc(100% + 8px);inset-inline-end:0;z-index:1000}
header,.toolbar{display:flex;gap:var(--_s);align-items:center;padding:var(--_s) calc(var(--_s)*1.5)}
header{border-block-end:1px solid var(--_border)}
h2{flex:1;margin:0;font-size:1.05em}
.tablist{display:flex;gap:2px;padding-inline:var(--_s);border-block-end:1px solid var(--_border);overflow-x:auto}
[role=tab]{border:0;border-block-end:3px solid transparent;border-radius:0;background:none;padding:var(--_s)}
[role=tab][aria-selected=true]{border-block-end-color:var(--_accent);font-weight:600}
.count{margin-inline-start:4px;color:var(--_muted);font-size:.85em}
.count:empty{display:none}
.toolbar{justify-content:flex-end;font-size:.9em}
ul{list-style:none;margin:0;padding:0}
li{border-block-end:1px solid var(--_border);content-visibility:auto;contain-intrinsic-size:auto 110px}
article{padding:var(--_s) calc(var(--_s)*1.5);display:grid;gap:calc(var(--_s)/2)}
article.unread{background:var(--_unread)}
.title{margin:0;font-size:1em;font-weight:600}
.title a{color:inherit}
.body{margin:0;white-space:pre-line}
.meta{display:flex;flex-wrap:wrap;gap:var(--_s);margin:0;color:var(--_muted);font-size:.85em}
.sev{border:1px solid currentColor;border-radius:4px;padding-inline:4px}
[data-severity=critical] .sev,[data-severity=high] .sev{color:var(--_danger)}
.acts{display:flex;flex-wrap:wrap;gap:calc(var(--_s)/2)}
.acts a{display:inline-flex;align-items:center;min-block-size:28px;padding:0 var(--_s);border:1px solid var(--_accent);border-radius:calc(var(--_r)/2);color:var(--_accent);text-decoration:none}
.acts .primary{background:var(--_accent);color:var(--_accent-fg);border-color:var(--_accent)}
.snooze{display:flex;flex-wrap:wrap;gap:calc(var(--_s)/2);align-items:end}
.snooze label{display:grid;font-size:.85em}
.state{padding:calc(var(--_s)*2);text-align:center;color:var(--_muted)}
.note{margin:0;padding:var(--_s) calc(var(--_s)*1.5);border-block-end:1px solid var(--_border);font-size:.9em}
.err{color:var(--_danger)}
fieldset{border:0;border-block-end:1px solid var(--_border);margin:0;padding:var(--_s) calc(var(--_s)*1.5)}
legend{font-weight:600;padding:0;float:inline-start;inline-size:100%;margin-block-end:4px}
.switch{display:flex;align-items:center;gap:var(--_s);padding-block:2px}
.sr{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (prefers-reduced-motion:no-preference){.panel{transition:opacity .12s}}
@media (forced-colors:active){.badge{border:1px solid CanvasText}[role=tab][aria-selected=true]{border-block-end-color:Highlight}article.unread{border-inline-start:4px solid Highlight}}
`;

let shared: CSSStyleSheet | null | undefined;

/** One constructable sheet for every instance, made on first use (never at import: SSR). */
export function adoptStyles(root: ShadowRoot): void {
  if (shared === undefined) {
    try {
      shared = new CSSStyleSheet();
      shared.replaceSync(INBOX_CSS);
    } catch {
      shared = null; // no constructable stylesheets: a <style> in the shadow root instead
    }
  }
  if (shared && 'adoptedStyleSheets' in root) root.adoptedStyleSheets = [shared];
  else {
    const style = root.ownerDocument.createElement('style');
    style.textContent = INBOX_CSS;
    root.append(style);
  }
}
