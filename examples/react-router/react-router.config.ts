import type { Config } from '@react-router/dev/config';

// Framework mode, rendered on the server (the proxy at /dh is one of its resource routes).
export default { ssr: true } satisfies Config;
