/**
 * The engine a user agent string belongs to: `chromium`, `firefox`, `webkit` or `unknown`.
 * Chromium's says "Safari" and "AppleWebKit" too, WebKit's says "AppleWebKit" without "Chrome".
 * No imports: the browser tests load it too (test/elements), and scripts/engines.mjs in Node.
 */
export function engineOf(userAgent) {
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)) return 'chromium';
  if (/AppleWebKit\//.test(userAgent)) return 'webkit';
  return 'unknown';
}
