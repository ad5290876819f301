// What the form sends: both pickers' values, as the server receives them.
import type { Route } from './+types/submit';

export const action = async ({ request }: Route.ActionArgs) =>
  Response.json(Object.fromEntries(await request.formData()));
