import type { INestApplication } from '@nestjs/common';
import { chromium, type Browser } from 'playwright-core';
import { startDemoApp } from './demo-app.js';

/** Flags for the Debian Chromium in a container: headless, no sandbox, nothing fetched from the network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts the system Chromium (`/usr/bin/chromium`) through playwright-core; close it with `browser.close()`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The demo in-process (`startDemoApp`) and a Chromium to drive it; `close()` ends both. */
export async function startDemoWithChromium(): Promise<{
  app: INestApplication;
  url: string;
  browser: Browser;
  close(): Promise<void>;
}> {
  const { app, url } = await startDemoApp();
  const browser = await launchChromium().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  return {
    app,
    url,
    browser,
    close: async () => {
      await browser.close();
      await app.close();
    },
  };
}
