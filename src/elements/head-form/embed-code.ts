/**
 * The embed code of a head the form has just created: the bundle's script tag (with the integrity
 * value the proxy reports at GET {endpoint}/bundle) and the `<dh-avatar>` tag, inline or as a chat
 * bubble, ready to paste into a page or a CMS block, with a Copy button. Below it, "Where will you
 * paste this?": the sites allowed to use the proxy (GET {endpoint}/origins) and a field that
 * allows one more in one step (POST {endpoint}/origins), since a page elsewhere shows nothing
 * until its site is allowed.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import {
  bundleInfoSchema,
  originsAnswerSchema,
  type BundleInfo,
  type CreatedHead,
  type OriginsAnswer,
} from '../../api/answers.js';
import { requestJson } from '../../api/client.js';
import type { ProxyEndpoint } from '../shared/endpoint.js';
import { embedCode } from '../../api/embed.js';
import { OPERATION_MODES, type OperationMode } from '../../api/modes.js';
import type { HeadFormMessages } from './messages.js';

type Layout = 'inline' | 'bubble';

/**
 * The origin of what an owner typed as the page or site: a page's whole address, or a bare host
 * (`shop.example`, read as https); undefined for anything that is not an http(s) address.
 */
export function originOf(typed: string): string | undefined {
  const value = typed.trim();
  if (!value) return undefined;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  if (!URL.canParse(withScheme)) return undefined;
  const url = new URL(withScheme);
  // A host name, an IPv4 or a bracketed IPv6 address (some engines escape spaces into a host).
  const host =
    /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)*[a-z\d](?:[a-z\d-]*[a-z\d])?$|^\[[\da-f:.]+\]$/i;
  return /^https?:$/.test(url.protocol) && host.test(url.hostname) ? url.origin : undefined;
}

/** What the last "Allow" did: nothing yet, under way, done for an origin, or failed. */
type AllowState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; origin: string }
  | { state: 'invalid' }
  | { state: 'failed' };

export class EmbedCode {
  /** undefined: not asked yet; null: this server does not serve the bundle. */
  #bundle?: BundleInfo | null;
  #layout: Layout = 'inline';
  /** What the last Copy did: copied, or the clipboard refused and the text is selected instead. */
  #copied: '' | 'copied' | 'select' = '';

  /** The allowed page origins; undefined until read, or when this admin may not read them. */
  #origins?: OriginsAnswer;
  #allow: AllowState = { state: 'idle' };

  readonly #host: ReactiveControllerHost & HTMLElement;
  /** The form's proxy, with the site's own auth for the admin routes (its `headers` and `credentials`). */
  readonly #proxy: ProxyEndpoint;

  constructor(host: ReactiveControllerHost & HTMLElement, proxy: ProxyEndpoint) {
    this.#host = host;
    this.#proxy = proxy;
  }

  /**
   * Asks the proxy which bundle it serves (once: a failure just leaves the script tag out) and
   * which page origins it allows (each time: another admin may have changed them).
   */
  async load(): Promise<void> {
    const bundle =
      this.#bundle !== undefined
        ? Promise.resolve(this.#bundle)
        : // A public route: asked without the site's admin auth (a CDN may serve it to anyone).
          requestJson(this.#proxy.url, '/bundle', bundleInfoSchema).catch(() => null);
    const origins = this.#proxy
      .requestJson('/origins', originsAnswerSchema)
      .catch((err: unknown) => {
        console.warn('[dh-kit] <dh-head-form>: the allowed page origins could not be read', err);
        return undefined;
      });
    [this.#bundle, this.#origins] = await Promise.all([bundle, origins]);
    this.#host.requestUpdate();
  }

  /** The code for a head, with absolute addresses: it is pasted into pages on other origins. */
  code(head: CreatedHead): string {
    const endpoint = new URL(this.#proxy.url, document.baseURI).href.replace(/\/+$/, '');
    const bundle = this.#bundle
      ? { url: new URL(this.#bundle.path, endpoint).href, integrity: this.#bundle.integrity }
      : undefined;
    return embedCode({
      headId: head.id,
      endpoint,
      bundle,
      view: head.streaming ? 'stream' : 'chat',
      layout: this.#layout,
    });
  }

  /** Back to the first layout, for the next head. */
  reset(): void {
    this.#layout = 'inline';
    this.#copied = '';
    this.#allow = { state: 'idle' };
  }

  /** Allows the site typed in the field: one POST {endpoint}/origins. */
  #allowSite = async (): Promise<void> => {
    const field = this.#host.shadowRoot?.querySelector<HTMLInputElement>('#embed-where');
    const origin = originOf(field?.value ?? '');
    if (!origin) {
      this.#allow = { state: 'invalid' };
      this.#host.requestUpdate();
      field?.focus();
      return;
    }
    this.#allow = { state: 'busy' };
    this.#host.requestUpdate();
    try {
      this.#origins = await this.#proxy.requestJson('/origins', originsAnswerSchema, {
        method: 'POST',
        body: { origin },
      });
      this.#allow = { state: 'done', origin };
      if (field) field.value = '';
    } catch (err) {
      // The operator's detail (a refused token, a store down) goes to the console.
      console.warn(`[dh-kit] <dh-head-form>: ${origin} could not be allowed`, err);
      this.#allow = { state: 'failed' };
    }
    this.#host.requestUpdate();
  };

  #onWhereKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void this.#allowSite();
  };

  #renderWhere(m: HeadFormMessages) {
    const allowed = this.#origins && [...this.#origins.static, ...this.#origins.added];
    const status =
      this.#allow.state === 'done'
        ? m.allowedDone(this.#allow.origin)
        : this.#allow.state === 'invalid'
          ? m.notAnAddress
          : this.#allow.state === 'failed'
            ? m.allowFailed
            : '';
    return html`<div class="where" part="embed-origins" role="group" aria-labelledby="embed-where-title">
      <h5 id="embed-where-title">${m.whereTitle}</h5>
      <p class="hint">${m.whereHint}</p>
      ${
        allowed
          ? html`<p class="allowed">${allowed.length ? m.allowedNow(allowed.join(', ')) : m.onlyThisSite}</p>`
          : nothing
      }
      <label for="embed-where">${m.whereLabel}</label>
      <div class="allow">
        <input id="embed-where" type="url" inputmode="url" autocomplete="url"
          aria-invalid=${this.#allow.state === 'invalid' ? 'true' : 'false'} aria-describedby="embed-where-status"
          @keydown=${this.#onWhereKey} />
        <button type="button" part="allow" ?disabled=${this.#allow.state === 'busy'} @click=${this.#allowSite}>${m.allow}</button>
      </div>
      <p id="embed-where-status" class="status ${this.#allow.state === 'failed' || this.#allow.state === 'invalid' ? 'failure' : ''}" role="status">${status}</p>
    </div>`;
  }

  #onLayout = (e: Event): void => {
    this.#layout = (e.target as HTMLInputElement).value as Layout;
    this.#copied = '';
    this.#host.requestUpdate();
  };

  #copy = async (head: CreatedHead): Promise<void> => {
    try {
      await navigator.clipboard.writeText(this.code(head));
      this.#copied = 'copied';
    } catch {
      // No clipboard (a page over http, a refused permission): select the code for Ctrl+C.
      const code = this.#host.shadowRoot?.querySelector('.embed code');
      if (code) getSelection()?.selectAllChildren(code);
      this.#copied = 'select';
    }
    this.#host.requestUpdate();
  };

  render(m: HeadFormMessages, head: CreatedHead) {
    const layout = (value: Layout) =>
      html`<label><input type="radio" name="embed-layout" value=${value} .checked=${this.#layout === value} @change=${this.#onLayout} /> ${m[value]}</label>`;
    return html`<section class="embed" part="embed" aria-labelledby="embed-title">
      <h4 id="embed-title">${m.embedTitle}</h4>
      <p class="hint">${m.embedHint}${this.#bundle === null ? html` ${m.noBundle}` : nothing}</p>
      <div class="layouts" role="radiogroup" aria-label=${m.layout}>${layout('inline')} ${layout('bubble')}</div>
      <pre part="embed-code"><code>${this.code(head)}</code></pre>
      <div class="actions">
        <button type="button" part="copy" @click=${() => this.#copy(head)}>${m.copy}</button>
        <span role="status">${this.#copied === 'copied' ? m.copied : this.#copied === 'select' ? m.selected : ''}</span>
      </div>
      ${this.#renderWhere(m)}
    </section>`;
  }
}

/** The new head: its ids and mode, the embed code, a preview (unless `endpoint` is undefined) and "another". */
export function renderResult(
  m: HeadFormMessages,
  head: CreatedHead,
  embed: EmbedCode,
  endpoint: string | undefined,
  onAnother: () => void,
) {
  const mode = (OPERATION_MODES as readonly string[]).includes(head.mode)
    ? m[head.mode as OperationMode]
    : head.mode;
  return html`<section class="result" part="result" aria-labelledby="result-title">
    <h3 id="result-title" tabindex="-1">${m.ready(head.name)}</h3>
    <dl>
      <dt>${m.headId}</dt>
      <dd><code>${head.id}</code></dd>
      ${head.publicId ? html`<dt>${m.publicId}</dt><dd><code>${head.publicId}</code></dd>` : nothing}
      <dt>${m.modeTerm}</dt>
      <dd>${head.streaming ? m.streamingResult(mode) : mode}</dd>
    </dl>
    ${embed.render(m, head)}
    ${
      endpoint === undefined
        ? nothing
        : html`<dh-avatar part="preview" head-id=${head.id} .endpoint=${endpoint} view=${head.streaming ? 'stream' : 'chat'}></dh-avatar>`
    }
    <div class="actions"><button type="button" @click=${onAnother}>${m.another}</button></div>
  </section>`;
}
