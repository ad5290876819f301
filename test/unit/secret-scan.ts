/**
 * The secret scan of the proxy's tests: every browser-facing answer a suite records (status line,
 * headers and body) is searched, at the end, for the platform's secrets — every bearer token and
 * webhook shared key the simulator handed out, its secret key, and the suite's own (signing
 * secret, admin token). The organisation key (`api_key`) may appear only in a 302: the embed
 * redirect, the iframe's own navigation (LIM-1).
 *
 *   const scan = watchSecrets(sim, [SIGNING, ADMIN]);   // before the suite issues anything
 *   await scan.record(res);                              // each browser-facing response
 *   after(() => scan.assertClean());
 */
import assert from 'node:assert/strict';
import type { Simulator } from '../../src/sim/index.js';

export interface SecretScan {
  /** Every token and shared key issued so far, plus the fixed secrets. */
  readonly secrets: readonly string[];
  /** Records a response (read from a clone, so the caller can still read it) and returns it. */
  record(res: Response): Promise<Response>;
  /** Records an answer already read, e.g. the part of an event stream a test consumed. */
  recordText(status: number, headers: Headers, body: string): void;
  /** Fails if a secret is in a recorded answer, or the org key outside a 302; returns how many answers carried the org key. */
  assertClean(): { recorded: number; withOrgKey: number };
}

/** Starts collecting what `sim` issues (tokens, shared keys): call it before the suite runs. */
export function watchSecrets(
  sim: Pick<Simulator, 'store'>,
  extra: readonly string[] = [],
): SecretScan {
  const { store } = sim;
  const issued: string[] = [];
  const issueToken = store.issueToken.bind(store);
  store.issueToken = (account) => {
    const token = issueToken(account);
    issued.push(token);
    return token;
  };
  const addWebhook = store.addWebhook.bind(store);
  store.addWebhook = (fields) => {
    const hook = addWebhook(fields);
    issued.push(hook.sharedKey);
    return hook;
  };
  const seen: string[] = [];
  const recordText = (status: number, headers: Headers, body: string) => {
    seen.push(`${status} ${JSON.stringify([...headers])} ${body}`);
  };
  return {
    get secrets() {
      return [...issued, store.options.secretKey, ...extra];
    },
    recordText,
    async record(res) {
      recordText(res.status, res.headers, await res.clone().text());
      return res;
    },
    assertClean() {
      const all = seen.join('\n');
      for (const secret of this.secrets) {
        // The message never shows the secret itself (the test output is a log too), only the
        // status line of the first answer that carried it.
        const where = seen.find((s) => s.includes(secret))?.slice(0, 3);
        assert.ok(
          !all.includes(secret),
          `a secret (${secret.length} characters) appeared in a browser-facing response (a ${where} answer)`,
        );
      }
      const orgKeys = [...store.orgs.values()].map((o) => o.apiKey);
      const withKey = seen.filter((s) => orgKeys.some((k) => s.includes(k)));
      assert.ok(
        withKey.every((s) => s.startsWith('302 ')),
        'LIM-1 the organisation key appears only in the 302 of /embed',
      );
      return { recorded: seen.length, withOrgKey: withKey.length };
    },
  };
}
