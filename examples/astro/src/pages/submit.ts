// What the forms send: both pickers' values, as the server receives them.
import type { APIRoute } from 'astro';

export const prerender = false;

export const POST: APIRoute = async ({ request }) =>
  Response.json(Object.fromEntries(await request.formData()));
