/**
 * `npm run docs:screenshot`: the pictures at the top of the README, taken from the real demo —
 * `dh-kit start` against the simulator, its landing page in Chromium:
 * - docs/demo.png, 1280×800: the inline avatar's facade, and the chat bubble's launcher with its teaser;
 * - docs/demo-phone.png, 390×844 with touch: the bubble opened, its panel filling the screen with
 *   the simulator's chat page.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = fileURLToPath(new URL('../docs/demo.png', import.meta.url));
const phoneOut = fileURLToPath(new URL('../docs/demo-phone.png', import.meta.url));

const server = spawn(process.execPath, ['bin/dh-kit.js', 'start'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '0',
    DH_LOG: 'off',
    DH_SIM_DATA: 'off',
    DH_PROXY_DATA: 'off',
    DH_EMAIL: '',
    DH_SECRET_KEY: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const { url } = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`dh-kit start exited with ${code}`)));
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}/`);
  // The inline avatar's facade; the bubble's launcher in the corner, and its teaser once its delay is over.
  await page
    .locator('#hero')
    .getByRole('button', { name: /Talk to/ })
    .waitFor();
  await page.locator('#bubble [part="teaser"]').waitFor();
  await page.waitForTimeout(4800);
  mkdirSync(fileURLToPath(new URL('../docs', import.meta.url)), { recursive: true });
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);

  // A phone: the bubble opened, its panel the whole screen, the chat page in it.
  const phone = await browser.newPage({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await phone.goto(`${url}/`);
  await phone.locator('#bubble [part="launcher"]').tap();
  await phone.waitForEvent('framenavigated', { predicate: (f) => /\/chat\//.test(f.url()) });
  await phone.waitForLoadState('networkidle');
  await phone.waitForTimeout(800);
  await phone.screenshot({ path: phoneOut });
  console.log(`wrote ${phoneOut}`);
  await browser.close();
} finally {
  server.kill();
}
