/**
 * Who may hold the Node server's connections (connection-shares.ts): caps per address, network
 * and IPv6 site, a reserve for clients well below their caps, and the platform's own pool. The
 * real sockets are node-server.test.ts's; these are the rules, at the default scale.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addressGroups } from '../../src/proxy/client-identity.js';
import {
  ConnectionShares,
  connectionLimits,
  type Admission,
  type Pool,
} from '../../src/proxy/connection-shares.js';

/** Opens connections from `address` until one is refused (or `most` are open): the pools they got. */
function fill(shares: ConnectionShares, address: string, most = 2_000): Pool[] {
  const pools: Pool[] = [];
  for (let i = 0; i < most; i++) {
    const admission = shares.admit(address);
    if (!admission.pool) break;
    pools.push(admission.pool);
  }
  return pools;
}

const count = (pools: Pool[], pool: Pool) => pools.filter((p) => p === pool).length;

describe('connection shares', () => {
  test('the limits that follow from DH_MAX_CONNECTIONS (1000 by default): 100 per address, 250 per network, 500 per IPv6 site, 200 in reserve, 50 for the platform', () => {
    assert.deepEqual(connectionLimits(1_000), {
      maxConnections: 1_000,
      reservedConnections: 200,
      maxConnectionsPerClient: 100,
      maxConnectionsPerNetwork: 250,
      maxConnectionsPerSite: 500,
      platformConnections: 50,
    });
  });

  test('an address is counted with its groups: IPv4 and its /24; IPv6 by its /64, /56 and /48', () => {
    assert.deepEqual(addressGroups('203.0.113.7'), ['203.0.113.7', '203.0.113.0/24']);
    assert.deepEqual(addressGroups('::ffff:203.0.113.7'), ['203.0.113.7', '203.0.113.0/24']);
    assert.deepEqual(addressGroups('2001:db8:1:2a3:4:5:6:7'), [
      '2001:0db8:0001:02a3::/64',
      '2001:0db8:0001:0200::/56',
      '2001:0db8:0001::/48',
    ]);
  });

  test('ten addresses each holding their cap cannot take the server: they get the shared 800, a fresh visitor gets the reserve', () => {
    const shares = new ConnectionShares(connectionLimits(1_000));
    const held = Array.from({ length: 10 }, (_, i) => fill(shares, `198.51.${100 + i}.9`));
    assert.deepEqual(
      held.map((pools) => pools.length),
      [...Array(8).fill(100), 10, 10],
      'eight reach their cap of 100; then the shared pool (800) is full and the last two get a tenth of that from the reserve',
    );
    const visitor = shares.admit('192.0.2.1');
    assert.equal(visitor.pool, 'reserve', 'a visitor from a fresh address is served');
    assert.equal(
      shares.admit('198.51.100.9').pool,
      undefined,
      'a client at its cap gets nothing, not even from the platform pool',
    );
  });

  test('the reserve: only a client (and its network) holding less than a tenth of its cap; it fills up to the total', () => {
    const shares = new ConnectionShares(connectionLimits(1_000));
    for (let i = 0; i < 8; i++) fill(shares, `198.51.${100 + i}.9`);
    assert.equal(shares.open, 800);
    const fresh = fill(shares, '192.0.2.1');
    assert.deepEqual(
      [count(fresh, 'reserve'), fresh.length],
      [10, 10],
      'a fresh address takes 10 from the reserve (a tenth of 100)',
    );
    fill(shares, '192.0.2.2');
    assert.equal(
      shares.admit('192.0.2.3').pool,
      'reserve',
      'a third address of that /24 is still below its network share (25)',
    );
    assert.deepEqual(
      fill(shares, '192.0.2.4'),
      [...Array(4).fill('reserve')],
      'its network is at 25 after four more',
    );
    const more = Array.from({ length: 20 }, (_, i) => fill(shares, `192.0.${10 + i}.1`, 10)).flat();
    assert.equal(
      count(more, 'reserve'),
      175,
      'fresh networks fill the reserve to the total (1000); the rest go to the platform pool',
    );
    assert.equal(shares.admit('192.0.99.1').pool, 'platform');
  });

  test('ten IPv6 /64s of one /56 share its cap of 250; one /48 at most 500; a fresh IPv6 visitor is served', () => {
    const shares = new ConnectionShares(connectionLimits(1_000));
    const home = Array.from({ length: 10 }, (_, i) => fill(shares, `2001:db8:1:10${i}::1`));
    assert.deepEqual(
      home.map((pools) => pools.length),
      [100, 100, 50, 0, 0, 0, 0, 0, 0, 0],
      'the /56 2001:db8:1:100::/56 holds 250',
    );
    // Other /56s of the same /48.
    const site = Array.from({ length: 10 }, (_, i) => fill(shares, `2001:db8:1:${i + 2}00::1`));
    assert.equal(
      site.flat().length,
      250,
      'the /48 holds 500 in all, whichever of its /56s it opens them from',
    );
    assert.equal(
      shares.admit('2001:db8:2::1').pool,
      'shared',
      'another site is served from the shared pool',
    );
  });

  test('IPv6 addresses of one /64 are one client: a fresh interface id is no fresh cap', () => {
    const shares = new ConnectionShares(connectionLimits(1_000));
    for (let i = 0; i < 100; i++)
      assert.ok(
        shares.admit(`2001:db8:5:6::${(i + 1).toString(16)}`).pool,
        `address ${i} admitted`,
      );
    assert.equal(shares.admit('2001:db8:5:6:ffff:ffff:ffff:ffff').pool, undefined);
    assert.equal(shares.admit('2001:db8:5:7::1').pool, 'shared', 'the next /64 has its own cap');
  });

  test('the platform pool: 50 more connections once visitors hold all 1000, at most 2 per address and 4 per network, only for clients within their caps', () => {
    const shares = new ConnectionShares(connectionLimits(1_000));
    for (let i = 0; i < 8; i++) fill(shares, `198.51.${100 + i}.9`);
    for (let i = 0; i < 20; i++) fill(shares, `192.0.${10 + i}.1`);
    assert.equal(shares.open, 1_000);
    const platform = fill(shares, '203.0.113.5');
    assert.deepEqual(platform, ['platform', 'platform'], 'two for an address');
    assert.deepEqual(fill(shares, '203.0.113.6'), ['platform', 'platform']);
    assert.deepEqual(fill(shares, '203.0.113.7'), [], 'four for its network');
    for (let i = 0; i < 30; i++) fill(shares, `10.${i}.0.1`);
    assert.equal(shares.open, 1_050, 'fifty in all');
  });

  test('released connections make room again; a release twice counts once', () => {
    const shares = new ConnectionShares(connectionLimits(1_000));
    const admissions: Admission[] = Array.from({ length: 100 }, () => shares.admit('198.51.100.9'));
    assert.equal(shares.admit('198.51.100.9').pool, undefined);
    const first = admissions[0]!;
    assert.ok(first.pool, 'admitted');
    if (first.pool) {
      first.release();
      first.release();
    }
    assert.equal(shares.open, 99);
    assert.equal(shares.admit('198.51.100.9').pool, 'shared');
    assert.equal(shares.admit('198.51.100.9').pool, undefined);
  });

  test('with no caps per client (DH_TRUST_PROXY: every connection from the reverse proxy), one address may hold every connection', () => {
    const shares = new ConnectionShares({
      ...connectionLimits(1_000),
      maxConnectionsPerClient: 0,
    });
    const pools = fill(shares, '10.0.0.2');
    assert.equal(count(pools, 'shared') + count(pools, 'reserve'), 1_000);
  });
});
