import { requestJson, type Schema } from '../src/api/client.js';

/** Shows whether the demo runs against the simulator or the platform. */
export function showMode(endpoint = '/dh'): void {
  const check: Schema<{ mode: string }> = {
    safeParse: (v) =>
      typeof (v as { mode?: unknown } | null)?.mode === 'string'
        ? { success: true, data: v as { mode: string } }
        : { success: false },
  };
  requestJson(endpoint, '/health', check)
    .then(({ mode }) => {
      const badge = document.getElementById('mode');
      if (!badge) return;
      badge.textContent =
        mode === 'simulator'
          ? 'Running against the local simulator'
          : 'Running against the platform';
      badge.hidden = false;
    })
    .catch(() => undefined);
}
