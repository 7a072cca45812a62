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
