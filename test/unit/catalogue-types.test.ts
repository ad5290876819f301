/**
 * A picker's catalogue is asked with typed arguments: the values `args` gives are the tuple that
 * `loadFirst` takes, each with its own type, so a picker never casts them back. The checks are
 * the type checker's (`npm test` type-checks this file: each `@ts-expect-error` fails the check if
 * its line stops being an error); the test runs that code against a host that records updates.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CatalogueController } from '../../src/elements/shared/catalogue.js';
import { PagedList } from '../../src/elements/shared/paged-list.js';

type Filters = readonly [endpoint: string, gender: string, streaming: boolean];

/** What a picker's element is to its controllers, without a DOM. */
function fakeHost() {
  const controllers: ReactiveController[] = [];
  return {
    controllers,
    addController: (c: ReactiveController) => controllers.push(c),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
    dispatchEvent: () => true,
  } as unknown as ReactiveControllerHost & HTMLElement & { controllers: ReactiveController[] };
}

const listOf = (items: string[]) =>
  new PagedList<string>({
    pageSize: 10,
    total: items.length,
    first: items,
    fetchPage: async () => [],
    onChange: () => {},
  });

test("a catalogue's first page is asked with the arguments' own types: loadFirst takes what args gives, a wrong one is refused by the type check", async () => {
  const host = fakeHost();
  const asked: Filters[] = [];
  const catalogue = new CatalogueController<Filters, string>(host, {
    args: (): Filters => ['/dh', 'FEMALE', true],
    loadFirst: async (filters, _signal) => {
      const [endpoint, gender, streaming] = filters;
      const path: string = endpoint;
      const onlyStreaming: boolean = streaming;
      // @ts-expect-error: the endpoint is a string, not a number.
      const wrong: number = endpoint;
      asked.push(filters);
      return listOf([path, gender, String(onlyStreaming), String(wrong)]);
    },
  });
  new CatalogueController<Filters, string>(host, {
    // @ts-expect-error: args must give the tuple loadFirst takes (a number is no gender).
    args: () => ['/dh', 1, true] as const,
    loadFirst: async () => listOf([]),
  });
  for (const controller of host.controllers) controller.hostUpdate?.();
  await catalogue.task.taskComplete;
  assert.deepEqual(asked, [['/dh', 'FEMALE', true]], 'loadFirst got the arguments args gave');
  assert.deepEqual(
    catalogue.list?.items,
    ['/dh', 'FEMALE', 'true', '/dh'],
    'the list is the one loadFirst made',
  );
});
