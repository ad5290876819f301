/** The statistics every part of `npm run bench` reports a repeated figure with. */

/** `{median, min, max}` of the samples (the median of an even count is the mean of the middle two). */
export function spread(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1] };
}
