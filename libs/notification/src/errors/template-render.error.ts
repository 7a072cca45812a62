import { HeraldError } from '@herald/contracts';

/**
 * A template (a file template, or a React Email component) that failed while
 * rendering for a reason other than a missing variable: a value a helper
 * cannot format (`{{number "abc"}}`), an object printed as text, an error
 * thrown by one of your helpers or components (`cause`).
 */
export class TemplateRenderError extends HeraldError {
  constructor(
    readonly template: string,
    detail: string,
    cause?: unknown,
  ) {
    super(`template ${template} failed to render: ${detail}`, {
      code: 'HERALD_TEMPLATE_RENDER',
      cause,
    });
  }
}
