/** The platform contract against the simulator, started in this process on a free port. */
import { after } from 'node:test';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { platformContract } from '../contract/platform.contract.js';
import { SimControl } from '../contract/sim-control.js';

const sim: RunningSimulator = await startSimulator({ talkDelayMs: 150 });
const second = [...sim.store.orgs.values()].find((o) => o.publicId === 'org-second')!;
after(() => sim.close());

platformContract({
  name: 'simulator',
  baseUrl: sim.info.baseUrl,
  chatUrl: sim.info.chatUrl,
  streamUrl: sim.info.streamUrl,
  email: sim.info.email,
  secretKey: sim.info.secretKey,
  streamingProvider: sim.store.options.streamingProvider,
  sim: new SimControl(sim.info.baseUrl),
  secondOrgId: second.id,
  allowCreate: true,
});
