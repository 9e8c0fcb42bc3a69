/**
 * Debian's Chromium (docs/tools.md: never a downloaded browser), as the browser journeys and the Lighthouse
 * bench start it. Without the background-networking flags Chromium keeps trying hosts this machine's
 * closed network refuses.
 */
export const debianChromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
