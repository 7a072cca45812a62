import { ForbiddenException } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { WebhookContext } from './webhook-context.js';
import { Test } from '@nestjs/testing';
import { HeraldConfigError } from '@herald/contracts';
import { MemoryDeliveryStore } from '../delivery/stores/memory-delivery.store.js';
import { NotificationWebhooksModule } from './webhooks.module.js';

const PLANT = 'S3CRETplant';

describe('NotificationWebhooksModule options: twilio.publicUrl never shows its credentials', () => {
  it.each([
    `user:${PLANT}@api.example.com`,
    `https//user:${PLANT}@api.example.com`,
    `https:/user:${PLANT}@api.example.com`,
    `ftp://api.example.com/?signature=${PLANT}`,
    [`https://user:${PLANT}@api.example.com`],
    { url: `https://user:${PLANT}@api.example.com` },
  ])('%p is refused at bootstrap with a redacted message', async (publicUrl) => {
    const error = await Test.createTestingModule({
      imports: [
        NotificationWebhooksModule.forRoot({
          store: new MemoryDeliveryStore(),
          twilio: { authToken: 'token', publicUrl: publicUrl as string },
        }),
      ],
    })
      .compile()
      .then((ref) => ref.close())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain('twilio.publicUrl: must be an http(s) URL');
    const shown = `${(error as Error).stack} ${JSON.stringify((error as HeraldConfigError).problems)}`;
    expect(shown).not.toContain(PLANT);
  });
});

describe('WebhookContext.reject', () => {
  it('logs a flood of refused webhooks once per provider and window, with the count dropped', () => {
    jest.useFakeTimers();
    try {
      const context = new WebhookContext(
        { twilio: { authToken: 'twilio-token' } },
        {} as ModuleRef,
      );
      const warn = jest.spyOn(context.logger, 'warn').mockImplementation(() => undefined);
      for (let i = 0; i < 300; i++) {
        expect(() => context.reject('Twilio', 'no X-Twilio-Signature header')).toThrow(
          ForbiddenException,
        );
      }
      expect(() => context.reject('SendGrid', 'no signature headers')).toThrow(ForbiddenException);
      expect(warn.mock.calls.map(([line]) => line)).toEqual([
        'Twilio webhook refused (403): no X-Twilio-Signature header',
        'SendGrid webhook refused (403): no signature headers',
      ]);
      jest.advanceTimersByTime(60_000);
      expect(warn).toHaveBeenLastCalledWith(
        'Twilio webhook refused (403): 299 similar warnings dropped in the last 60 s',
      );
    } finally {
      jest.useRealTimers();
    }
  });
});
