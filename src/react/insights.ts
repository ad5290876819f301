'use client';
/** `dh-kit/react/insights`: `<dh-insights>` as a React component. */
import { DhInsights as DhInsightsElement } from '../elements/insights/insights.js';
import type { DhErrorDetail } from '../elements/shared/events.js';
import { wrap, type Detail } from './wrap.js';

/** `<dh-insights>`: conversation insights of one head or all (admin routes: pass `headers` or `credentials`). */
export const DhInsights = wrap('dh-insights', DhInsightsElement, 'DhInsights', {
  onDhError: 'dh-error' as Detail<DhErrorDetail>,
});
