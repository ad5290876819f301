// What the form sends: both pickers' values, as the server receives them.
import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ request }) =>
  json(Object.fromEntries(await request.formData()));
