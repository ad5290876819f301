/**
 * Plugin mode and tools in a real page: heads created through the demo's proxy, their pages
 * opened through a signed launch URL, answered by the proxy's plugin and the demo's sample tool.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

const DEMO = 'http://127.0.0.1:8792';

async function createHead(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<string> {
  const faces = await (await request.get(`${DEMO}/dh/faces?take=1`)).json();
  const voices = await (await request.get(`${DEMO}/dh/voices?provider=azure&locale=en-US`)).json();
  const res = await request.post(`${DEMO}/dh/heads`, {
    headers: { 'x-dh-kit': '1' },
    data: {
      headVisualId: faces.items[0].id,
      ttsProvider: 'azure',
      ttsVoice: voices.items[0].voiceId,
      language: 'en-US',
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

/** The demo proxy's plugin and tool addresses (they hold its callback secret; admin routes are open on loopback). */
async function callbacks(request: APIRequestContext): Promise<{ plugin: string; tools: string }> {
  const res = await request.get(`${DEMO}/dh/callbacks`);
  expect(res.status()).toBe(200);
  return res.json();
}

async function openPage(
  page: import('@playwright/test').Page,
  request: APIRequestContext,
  headId: string,
) {
  const launch = await (await request.get(`${DEMO}/dh/heads/${headId}/launch`)).json();
  await page.goto(`${DEMO}${launch.url}`);
}

test("PLUG-1 PLUG-2 PLUG-3 a plugin head's page is answered by the site's plugin, with the configured options", async ({
  page,
  request,
}) => {
  const id = await createHead(request, {
    name: 'Plugger',
    operationMode: 'plugin',
    pluginOperationalModeConfig: {
      name: 'Echo',
      url: `${DEMO}${(await callbacks(request)).plugin}`,
      options: { tier: 'gold' },
    },
  });
  await openPage(page, request, id);
  await page.getByRole('textbox').fill('Where is my order?');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-role="head"]').last()).toHaveText(
    'You said: "Where is my order?" (options: {"tier":"gold"})',
  );
});

test("TOOL-1 TOOL-2 TOOL-3 an oc head calls the tool its message names and speaks the tool's message", async ({
  page,
  request,
}) => {
  const id = await createHead(request, { name: 'Toolie', operationMode: 'oc' });
  const tools = [
    {
      name: 'weather',
      description: 'The weather in a city',
      parameters: [{ name: 'city', type: 'string', description: 'The city' }],
      url: `${DEMO}${(await callbacks(request)).tools}/weather`,
    },
  ];
  const set = await request.put(`${DEMO}/dh/heads/${id}/tools`, {
    headers: { 'x-dh-kit': '1' },
    data: { tools, prompt: 'When asked about the weather, call weather with the city.' },
  });
  expect(set.status()).toBe(200);
  await openPage(page, request, id);
  await page.getByRole('textbox').fill('What is the weather, city: Oslo?');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-role="head"]').last()).toHaveText(/^It is sunny in Oslo today/);
});
