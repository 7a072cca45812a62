import { HeraldError } from '@herald/contracts';

/**
 * A template (or a message of `messages/<locale>.json`) used a variable the
 * render data does not have. Thrown while the notification is rendered, at
 * `notify()`, before anything is stored or sent.
 */
export class TemplateVariableError extends HeraldError {
  constructor(
    readonly template: string,
    readonly variable: string,
  ) {
    super(
      `template ${template} uses "${variable}", which the render data does not have; pass it from templateData(recipient) or guard it with {{#if ${variable}}}`,
      { code: 'HERALD_TEMPLATE_VARIABLE' },
    );
  }
}
