/**
 * The element tests' simulator: for each engine of the run, a simulator and the kit's proxy in
 * front of it, started with the test server and stopped with it, and the `sim-*` server commands
 * a browser test uses to ask Node what a page cannot: the addresses (`sim-info`), a new head
 * through the platform API, the platform's own record of a head, faults, request counts.
 * Registered by web-test-runner.config.mjs; the browser side calls `executeServerCommand`.
 */
import { selectedEngines } from '../../scripts/engines.mjs';
import { api, createHead, login } from './sim-api.mjs';
import { engineOfLauncher } from './wtr-browsers.mjs';

/**
 * One pair per engine: the engines run side by side, and a fault one engine's test injects, or a
 * request count it reads, must not reach another's.
 * @param {{port: number, adminToken: string, signingSecret: string}} options the test page's
 *   port (the proxy's CORS list names its origin), the proxy's admin token, its signing secret.
 */
export function simulatorPlugin({ port, adminToken, signingSecret }) {
  /** engine → {sim, proxy} */
  const pairs = new Map();
  return {
    name: 'dh-simulator',
    async serverStart() {
      const { register } = await import('tsx/esm/api');
      register();
      const { startSimulator } = await import('../../src/sim/index.ts');
      // The kit's proxy in front of it, on another origin than the test page (CORS as a CMS page has it).
      const { parseConfig } = await import('../../src/proxy/config.ts');
      const { startProxyServer } = await import('../../src/proxy/node.ts');
      const config = parseConfig({
        DH_PUBLIC_HEADS: '*',
        DH_ALLOWED_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}`,
        DH_SIGNING_SECRET: signingSecret,
        DH_RATE_LIMIT: '0',
        DH_ADMIN_TOKEN: adminToken,
      });
      for (const engine of selectedEngines()) {
        const sim = await startSimulator({ talkDelayMs: 200 });
        const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
        const proxy = await startProxyServer({
          config: { ...config, platform: { baseUrl, chatUrl, streamUrl, email, secretKey } },
          port: 0,
          log: () => undefined,
          warn: () => undefined,
          // What GET /dh/bundle reports (the head form's embed code); no bundle file is needed for that.
          bundle: { path: '/dh-kit.avatar.0123456789ab.js', integrity: 'sha384-element-tests' },
        });
        pairs.set(engine, { sim, proxy });
      }
    },
    async serverStop() {
      for (const { sim, proxy } of pairs.values()) {
        await proxy.close();
        await sim.close();
      }
      pairs.clear();
    },
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('sim-')) return undefined;
      const pair = pairs.get(engineOfLauncher(session.browser));
      if (!pair) throw new Error('the simulator is not running');
      const { sim, proxy } = pair;
      if (command === 'sim-info')
        return {
          info: sim.info,
          urls: sim.urls,
          endpoint: `${proxy.url}/dh`,
          adminToken,
        };
      if (command === 'sim-create-head')
        return createHead(
          { ...sim.info, streamingProvider: sim.store.options.streamingProvider },
          payload ?? {},
        );
      if (command === 'sim-head') {
        // payload {id}: the simulator's record of a head, as the platform stored it (request, splitter, …).
        const head = sim.store.heads.get(payload.id);
        return head ? { ...head } : null;
      }
      if (command === 'sim-fault') return sim.store.addFault(payload);
      // payload {method, path}: how many requests the platform has had for this method and path.
      if (command === 'sim-requests')
        return sim.store.requests.filter(
          (r) => r.method === payload.method && r.path === payload.path,
        ).length;
      if (command === 'sim-clear-faults') {
        sim.store.faults = [];
        return true;
      }
      if (command === 'sim-splitter') {
        // payload {id, splitter: boolean}: PUT /head/{id}/splitter through the API.
        const token = await login(sim.info);
        return api(
          sim.info,
          `/head/${encodeURIComponent(payload.id)}/splitter?splitter=${payload.splitter === true}`,
          { method: 'PUT', token },
        );
      }
      return undefined;
    },
  };
}
