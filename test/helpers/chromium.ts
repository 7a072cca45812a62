import { chromium, type Browser } from 'playwright-core';

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
