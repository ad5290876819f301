// What the form sends: both pickers' values, as the server receives them.
export async function POST(request: Request) {
  return Response.json(Object.fromEntries(await request.formData()));
}
