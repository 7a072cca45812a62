/** Push platforms a device token belongs to; each maps to a push backend of the same driver. */
export const DEVICE_PLATFORMS = ['fcm', 'apns', 'webpush'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** One registered device of a user. */
export interface DeviceToken {
  /** FCM registration token, APNs device token (hex), or the Web Push subscription as JSON. */
  token: string;
  userId: string;
  platform: DevicePlatform;
  /** The app it belongs to, when a user has several (`ios-main`, `admin-web`). */
  app?: string;
  createdAt: Date;
  /** Last time it was registered (apps re-register at start-up). */
  updatedAt: Date;
  /** When a provider declared it gone; dead tokens get no pushes. */
  deadAt?: Date;
  deadReason?: string;
}

/** What `register` takes. */
export interface DeviceTokenRegistration {
  token: string;
  userId: string;
  platform: DevicePlatform;
  app?: string;
}

/** Which of a user's live tokens to list. */
export interface DeviceTokenFilter {
  platform?: DevicePlatform;
  app?: string;
}
