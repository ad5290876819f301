/**
 * The `:id` of every `/heads/:id…` and `/embed/:id` route, checked once where its resource is
 * mounted (heads.ts for everything below a head, launch.ts for `/embed`). The parts heads.ts
 * mounts below `/heads/:id` (launch, videos, head-settings) read it with `c.req.param('id')`:
 * they are only ever mounted there.
 */
import { z } from 'zod';
import { headIdSchema } from '../../api/requests.js';
import { valid } from '../validate.js';

export const headIdParam = valid('param', z.object({ id: headIdSchema }), 'invalid_head_id');
