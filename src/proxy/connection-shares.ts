/**
 * Who may hold the Node server's connections, so that no group of clients smaller than the crowd
 * can take them all (a connection is held by opening it and sending nothing until a time-out).
 *
 * Three pools, tried in order:
 *  1. **Shared**: all but `reservedConnections` of `maxConnections`, for any client within its
 *     caps: its address (IPv6: its /64) at most `maxConnectionsPerClient`, its network (IPv4 /24,
 *     IPv6 /56) `maxConnectionsPerNetwork`, its site (IPv6 /48) `maxConnectionsPerSite`.
 *  2. **Reserve**: the rest of `maxConnections`, only for a client whose address, network and site
 *     each hold less than a tenth of their cap (a visitor's browser opens at most six). Clients that
 *     filled the shared pool are far above that, so a visitor from a fresh address is served while
 *     ten others each hold their cap; to fill the reserve as well takes many more networks.
 *  3. **Platform**: `platformConnections` more, for the platform's calls only (webhook deliveries,
 *     plugin and tool calls: `{prefix}/hooks/…`, `/plugin/…`, `/tools/…`) when visitors hold all
 *     the others, for a client that could have had the reserve: at most two per address and four
 *     per network. Any other request on such a connection is answered 503
 *     `server_busy` and the connection closed (node.ts).
 *
 * Counting by groups, with a reserve, rather than a fixed cap per address: a cap per address alone
 * lets ten addresses (or ten /64s of one /60) take a 1,000-connection server; caps per network alone
 * shut out an office or a mobile carrier's shared addresses while the server is idle. Behind a
 * reverse proxy (`DH_TRUST_PROXY`), every connection comes from it: there are no group caps
 * (`maxConnectionsPerClient: 0`) and the proxy in front caps per client (nginx `limit_conn`).
 */
import { addressGroups } from './client-identity.js';

export interface ConnectionLimits {
  /** Visitors' connections in all (the shared pool and the reserve). */
  maxConnections: number;
  /** Of those, kept for clients well below their caps. */
  reservedConnections: number;
  /** One address (IPv6: its /64); 0: no caps per client or group, and no reserve (DH_TRUST_PROXY). */
  maxConnectionsPerClient: number;
  /** One IPv4 /24 or IPv6 /56. */
  maxConnectionsPerNetwork: number;
  /** One IPv6 /48. */
  maxConnectionsPerSite: number;
  /** More, beyond `maxConnections`, for the platform's calls only. */
  platformConnections: number;
}

/**
 * The limits that follow from one total (DH_MAX_CONNECTIONS, 1,000 by default): a tenth of it per
 * client, a quarter per network, half per IPv6 site, a fifth in reserve, a twentieth (at least 4)
 * for the platform.
 */
export function connectionLimits(maxConnections: number): ConnectionLimits {
  const part = (share: number) => Math.max(1, Math.floor(maxConnections * share));
  return {
    maxConnections,
    reservedConnections: Math.floor(maxConnections / 5),
    maxConnectionsPerClient: part(1 / 10),
    maxConnectionsPerNetwork: part(1 / 4),
    maxConnectionsPerSite: part(1 / 2),
    platformConnections: Math.max(4, Math.floor(maxConnections / 20)),
  };
}

/** What a client may hold in the reserve: a tenth of each cap. */
const RESERVE_SHARE = 1 / 10;
/** What an address, and a network or site, may hold of the platform's pool. */
const PLATFORM_PER_CLIENT = 2;
const PLATFORM_PER_NETWORK = 4;

export type Pool = 'shared' | 'reserve' | 'platform';

export type Admission = { pool: Pool; release: () => void } | { pool: undefined; why: string };

const LEVEL_NAMES = ['address', 'network', 'site'];

export class ConnectionShares {
  readonly #limits: ConnectionLimits;
  /** Visitors' connections open, by group (every level's keys are distinct strings). */
  readonly #visitors = new Map<string, number>();
  readonly #platform = new Map<string, number>();
  #visitorsOpen = 0;
  #platformOpen = 0;

  constructor(limits: ConnectionLimits) {
    this.#limits = limits;
  }

  /** Connections open now, in all. */
  get open(): number {
    return this.#visitorsOpen + this.#platformOpen;
  }

  /** Takes a connection from `address` into the first pool that has room for it, or says why none has. */
  admit(address: string): Admission {
    const limits = this.#limits;
    const grouped = limits.maxConnectionsPerClient > 0;
    const groups = grouped ? addressGroups(address) : [];
    const held = groups.map((group) => this.#visitors.get(group) ?? 0);
    const over = (limitOf: (level: number) => number) =>
      held.findIndex((count, level) => count >= limitOf(level));
    const sharedRoom = limits.maxConnections - limits.reservedConnections;
    const overCap = over((level) => this.#cap(level));
    if (this.#visitorsOpen < sharedRoom && overCap < 0) return this.#take('shared', groups);
    const overShare = over((level) => this.#reserveShare(level));
    if (this.#visitorsOpen < limits.maxConnections && overShare < 0)
      return this.#take('reserve', groups);
    const platformHeld = groups.map((group) => this.#platform.get(group) ?? 0);
    // A client holding many gets nothing more; one that only the full server refused may carry the platform's calls.
    if (
      overShare < 0 &&
      this.#platformOpen < limits.platformConnections &&
      platformHeld.every(
        (count, level) => count < (level === 0 ? PLATFORM_PER_CLIENT : PLATFORM_PER_NETWORK),
      )
    )
      return this.#take('platform', groups);
    return { pool: undefined, why: this.#refusal(groups, held, overCap, overShare) };
  }

  /** Why a connection found no room, for the operator's log line. */
  #refusal(groups: string[], held: number[], overCap: number, overShare: number): string {
    const { maxConnections } = this.#limits;
    if (this.#visitorsOpen >= maxConnections)
      return `the server holds its ${maxConnections} visitors' connections`;
    const level = overCap >= 0 ? overCap : overShare;
    const where = `its ${LEVEL_NAMES[level]} ${groups[level]} holds ${held[level]}`;
    if (overCap >= 0) return `${where}, its cap`;
    return `${where}, and the reserve left is for those holding fewer than ${this.#reserveShare(level)}`;
  }

  /** The cap of a level: 0 the address, 1 the network, 2 the site. */
  #cap(level: number): number {
    const { maxConnectionsPerClient, maxConnectionsPerNetwork, maxConnectionsPerSite } =
      this.#limits;
    return [maxConnectionsPerClient, maxConnectionsPerNetwork, maxConnectionsPerSite][level]!;
  }

  /** What a group of that level may hold and still take a connection from the reserve. */
  #reserveShare(level: number): number {
    return Math.ceil(this.#cap(level) * RESERVE_SHARE);
  }

  #take(pool: Pool, groups: string[]): Admission {
    const counts = pool === 'platform' ? this.#platform : this.#visitors;
    for (const group of groups) counts.set(group, (counts.get(group) ?? 0) + 1);
    if (pool === 'platform') this.#platformOpen++;
    else this.#visitorsOpen++;
    let released = false;
    return {
      pool,
      release: () => {
        if (released) return;
        released = true;
        for (const group of groups) {
          const left = (counts.get(group) ?? 1) - 1;
          if (left > 0) counts.set(group, left);
          else counts.delete(group);
        }
        if (pool === 'platform') this.#platformOpen--;
        else this.#visitorsOpen--;
      },
    };
  }
}
