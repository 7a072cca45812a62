import { HeraldError } from '@herald/contracts';

/** `render()` asked for a template name and channel the templates folder has no file for. */
export class TemplateNotFoundError extends HeraldError {
  constructor(
    readonly template: string,
    readonly channel: string,
    readonly expected: string,
  ) {
    super(
      `no template for "${template}" on channel "${channel}"; add ${template}/${expected} to the templates folder`,
      { code: 'HERALD_TEMPLATE_NOT_FOUND' },
    );
  }
}
