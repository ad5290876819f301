// What the form sends: both pickers' values, as the server receives them.
export default defineEventHandler(async (event) => Object.fromEntries(await readFormData(event)));
