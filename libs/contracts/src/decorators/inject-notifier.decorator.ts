import { Inject } from '@nestjs/common';
import { NOTIFIER } from '../tokens/herald.tokens.js';

/**
 * Injects the notifier (`NotifierService` of `@herald/notification`, bound by
 * `NotifierModule`), in the style of `@InjectMailer()`.
 *
 * @example constructor(@InjectNotifier() private readonly notifier: NotifierService) {}
 */
export const InjectNotifier = (): ParameterDecorator & PropertyDecorator => Inject(NOTIFIER);
