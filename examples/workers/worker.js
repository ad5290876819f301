// Your worker: the dh-kit proxy, with the tools your heads call (POST /dh/tools/{secret}/weather).
import { createWorker } from 'dh-kit/worker';

export default createWorker({
  tools: {
    weather: ({ city }) => `It is sunny in ${city ?? 'your city'} today.`,
  },
});
