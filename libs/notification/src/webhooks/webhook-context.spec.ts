import { ForbiddenException } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { WebhookContext } from './webhook-context.js';

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
