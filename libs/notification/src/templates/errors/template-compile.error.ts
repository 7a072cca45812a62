import { HeraldError } from '@herald/contracts';

/**
 * A template, layout, partial or message file that does not compile, found
 * when the templates are compiled at bootstrap: the application does not
 * start. `file` is relative to the templates folder; `line` is 1-based when
 * the engine reports one.
 */
export class TemplateCompileError extends HeraldError {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly detail: string,
  ) {
    super(`template ${file}${line !== undefined ? `:${line}` : ''} does not compile: ${detail}`, {
      code: 'HERALD_TEMPLATE_COMPILE',
    });
  }
}
