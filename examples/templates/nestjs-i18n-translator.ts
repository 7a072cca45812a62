import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NotificationTemplatesModule, type NotificationTranslator } from '@herald/notification';

/** The part of nestjs-i18n's `I18nService` the adapter uses. */
interface I18nServiceLike {
  t(key: string, options: { lang: string; args?: Record<string, unknown> }): unknown;
  // with nestjs-i18n: import { I18nModule, I18nService } from 'nestjs-i18n';
}

/** `{{t "orders.shipped" id=order.id}}` in a template reads your nestjs-i18n files. */
export function nestI18nTranslator(i18n: I18nServiceLike): NotificationTranslator {
  return {
    translate(key, locale, values) {
      const text = i18n.t(key, { lang: locale, args: values });
      // nestjs-i18n answers the key itself when it has no translation
      return typeof text === 'string' && text !== key ? text : undefined;
    },
  };
}

export const I18N_SERVICE = Symbol('I18nService'); // nestjs-i18n: inject I18nService itself

@Module({
  imports: [
    NotificationTemplatesModule.forRootAsync({
      inject: [I18N_SERVICE],
      useFactory: (i18n: I18nServiceLike) => ({
        dir: join(process.cwd(), 'templates'),
        defaultLocale: 'en',
        translator: nestI18nTranslator(i18n),
      }),
    }),
  ],
})
export class TemplatesWithI18nModule {}
