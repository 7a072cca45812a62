import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeviceTokenService } from '@herald/notification';
import { DEMO_DEVICE } from './demo-recipient.resolver.js';

/** Registers Alice's demo device, so her push deliveries have somewhere to go. */
@Injectable()
export class DemoNotifierSeeder implements OnApplicationBootstrap {
  constructor(private readonly devices: DeviceTokenService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.devices.register(DEMO_DEVICE);
  }
}
