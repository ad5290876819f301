/**
 * The plugin fields of `<dh-head-form>`, and the address of the site's own plugin: when the proxy
 * serves one (it has a callback secret), an admin is shown the service address to give, which
 * holds that secret. Asked once, the first time the plugin mode is chosen (GET {endpoint}/callbacks).
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { callbacksSchema } from '../../api/answers.js';
import type { ProxyEndpoint } from '../shared/endpoint.js';
import { renderArea, renderText } from './head-fields.js';
import type { Errors } from './head-request.js';
import type { HeadFormMessages } from './messages.js';

export class PluginFields {
  /** undefined: not asked yet; null: the proxy serves no plugin (or would not say). */
  #own?: string | null;

  readonly #host: ReactiveControllerHost & HTMLElement;
  /** The form's proxy, with the site's own auth for the admin routes. */
  readonly #proxy: ProxyEndpoint;

  constructor(host: ReactiveControllerHost & HTMLElement, proxy: ProxyEndpoint) {
    this.#host = host;
    this.#proxy = proxy;
  }

  async #load(): Promise<void> {
    this.#own = null;
    try {
      const { plugin } = await this.#proxy.requestJson('/callbacks', callbacksSchema);
      // A path under the proxy: shown absolute, as the platform needs it.
      if (plugin) this.#own = new URL(plugin, new URL(this.#proxy.url, document.baseURI)).href;
    } catch {
      // Not an admin, or an older proxy: the form works without the hint.
    }
    this.#host.requestUpdate();
  }

  /** Hidden, not removed, while another mode is chosen: what was typed is kept. */
  render(m: HeadFormMessages, errors: Errors, hidden: boolean) {
    if (!hidden && this.#own === undefined) void this.#load();
    return html`<fieldset class="field group" part="field" ?hidden=${hidden}>
      <legend>${m.pluginGroup}</legend>
      ${renderText(m, errors, 'pluginName', { required: true })}
      ${renderText(m, errors, 'pluginUrl', { type: 'url', required: true, placeholder: 'https://bot.example.com/api', hint: m.pluginUrlHint })}
      ${this.#own ? html`<p class="hint" part="own-plugin">${m.ownPlugin} <code>${this.#own}</code> ${m.ownPluginPrivate}</p>` : nothing}
      ${renderArea(m, errors, 'pluginOptions', m.pluginOptionsHint)}
    </fieldset>`;
  }
}
