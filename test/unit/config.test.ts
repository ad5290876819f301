/**
 * The proxy's configuration (src/proxy/config.ts, `parseConfig`): allowed origins are exact
 * origins, secrets differ from each other, webhook keys are a Map; an error names the variables,
 * never their values.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createProxy } from '../../src/proxy/app.js';
import { describeConfig, parseConfig } from '../../src/proxy/config.js';

describe('configuration (parseConfig)', () => {
  test('configuration: origins are exact origins; secrets differ; webhook keys are a Map', () => {
    for (const bad of [
      'null',
      'good',
      'https://a.example/',
      'https://a.example/shop',
      'ftp://a.example',
      'https://a.example?x',
    ]) {
      assert.throws(
        () => parseConfig({ DH_ALLOWED_ORIGINS: bad }),
        /DH_ALLOWED_ORIGINS lists origins/,
        bad,
      );
    }
    assert.throws(
      () => parseConfig({ DH_ALLOWED_ORIGINS: 'https://a.example/' }),
      /write https:\/\/a\.example/,
    );
    assert.deepEqual(
      parseConfig({ DH_ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173' })
        .allowedOrigins,
      ['https://a.example', 'http://localhost:5173'],
    );
    const same = 's'.repeat(40);
    assert.throws(
      () => parseConfig({ DH_SIGNING_SECRET: same, DH_ADMIN_TOKEN: same }),
      /DH_SIGNING_SECRET and DH_ADMIN_TOKEN must be different/,
    );
    assert.throws(
      () => parseConfig({ DH_SIGNING_SECRET: same, DH_CALLBACK_SECRET: same }),
      /must be different/,
    );
    assert.throws(
      () => parseConfig({ DH_CALLBACK_SECRET: 'short' }),
      /DH_CALLBACK_SECRET must be at least 32/,
    );
    assert.equal(parseConfig({}).maxConnections, 1_000, 'DH_MAX_CONNECTIONS is 1000 by default');
    assert.equal(parseConfig({ DH_MAX_CONNECTIONS: '5000' }).maxConnections, 5_000);
    assert.throws(
      () => parseConfig({ DH_MAX_CONNECTIONS: '10' }),
      /DH_MAX_CONNECTIONS must be at least 20/,
    );
    const keys = parseConfig({
      DH_WEBHOOK_KEYS: '__proto__:k1,constructor:k2,__proto__:k3',
    }).webhookKeys;
    assert.ok(
      keys instanceof Map,
      'webhook keys are a Map, so a head id like __proto__ is an ordinary key',
    );
    assert.deepEqual(keys.get('__proto__'), ['k1', 'k3']);
    assert.equal(keys.get('toString'), undefined);
    // The CLI reads the same configuration without serving; a proxy with credentials needs the secret.
    const platform = parseConfig({
      DH_EMAIL: 'a@b.c',
      DH_SECRET_KEY: 'key-1234567890',
      DH_BASE_URL: 'https://api.example',
    });
    assert.equal(platform.signingSecret, undefined);
    assert.throws(
      () => createProxy({ config: platform, log: () => undefined, warn: () => undefined }),
      /DH_SIGNING_SECRET is required/,
    );
  });

  test('configuration: DH_SIGNING_SECRET may not be DH_SECRET_KEY, and no webhook shared key may be one of the other secrets; the error names the variables, never the values', () => {
    const platform = { DH_EMAIL: 'a@b.c', DH_BASE_URL: 'https://api.example' };
    const same = 'shared-value-0123456789-0123456789-abc';
    const refused = (env: Record<string, string>, names: RegExp) => {
      assert.throws(
        () => parseConfig(env),
        (err: Error) => (
          assert.match(err.message, names),
          assert.ok(!err.message.includes(same), 'the value is never printed'),
          true
        ),
      );
    };
    refused(
      { ...platform, DH_SECRET_KEY: same, DH_SIGNING_SECRET: same },
      /DH_SIGNING_SECRET and DH_SECRET_KEY must be different secrets/,
    );
    const others = {
      DH_SIGNING_SECRET: 's'.repeat(40),
      DH_ADMIN_TOKEN: 'a'.repeat(40),
      DH_CALLBACK_SECRET: 'c'.repeat(40),
      DH_SECRET_KEY: 'k'.repeat(40),
    };
    for (const name of Object.keys(others) as (keyof typeof others)[]) {
      refused(
        {
          ...platform,
          ...others,
          [name]: same,
          DH_WEBHOOK_KEYS: `head-1:other-key-1,head-2:${same}`,
        },
        new RegExp(
          `${name} and DH_WEBHOOK_KEYS \\(a key of head head-2\\) must be different secrets`,
        ),
      );
    }
    // Keys of their own parse; two heads may share one.
    const fine = parseConfig({
      ...platform,
      ...others,
      DH_WEBHOOK_KEYS: `head-1:${same},head-2:${same}`,
    });
    assert.deepEqual(
      [...fine.webhookKeys],
      [
        ['head-1', [same]],
        ['head-2', [same]],
      ],
    );
  });

  test('configuration: DH_STORE_CLUSTER says DH_STORE names a node of a Redis Cluster; it needs DH_STORE, without a database; the printed view says so, the password hidden', () => {
    const config = parseConfig({
      DH_STORE: 'rediss://app:pw@cluster.example:6379',
      DH_STORE_CLUSTER: 'true',
    });
    assert.equal(config.storeCluster, true);
    assert.equal(
      describeConfig(config).store,
      'rediss://app:***@cluster.example:6379 (a Redis Cluster)',
    );
    assert.equal(
      parseConfig({ DH_STORE: 'redis://10.0.0.5:6379/0', DH_STORE_CLUSTER: '1' }).storeCluster,
      true,
      'database 0 may be named',
    );
    assert.equal(
      parseConfig({ DH_STORE: 'redis://10.0.0.5:6379/3' }).storeCluster,
      false,
      'unset: a single Redis',
    );
    assert.throws(
      () => parseConfig({ DH_STORE_CLUSTER: 'true' }),
      /DH_STORE_CLUSTER needs DH_STORE/,
    );
    assert.throws(
      () => parseConfig({ DH_STORE: 'redis://10.0.0.5:6379/3', DH_STORE_CLUSTER: 'true' }),
      /a Redis Cluster \(DH_STORE_CLUSTER\) has only database 0/,
    );
    assert.throws(
      () => parseConfig({ DH_STORE: 'redis://10.0.0.5:6379', DH_STORE_CLUSTER: 'yes' }),
      /DH_STORE_CLUSTER is true or false/,
    );
  });
});
