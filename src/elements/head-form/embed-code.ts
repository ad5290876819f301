/**
 * The embed code of a head the form has just created: the bundle's script tag (with the integrity
 * value the proxy reports at GET {endpoint}/bundle) and the `<dh-avatar>` tag, inline or as a chat
 * bubble, ready to paste into a page or a CMS block, with a Copy button.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { bundleInfoSchema, type BundleInfo, type CreatedHead } from '../../api/answers.js';
import { requestJson } from '../../api/client.js';
import { embedCode } from '../../api/embed.js';
import { OPERATION_MODES, type OperationMode } from '../../api/modes.js';
import type { HeadFormMessages } from './messages.js';

type Layout = 'inline' | 'bubble';

export class EmbedCode {
  /** undefined: not asked yet; null: this server does not serve the bundle. */
  #bundle?: BundleInfo | null;
  #layout: Layout = 'inline';
  /** What the last Copy did: copied, or the clipboard refused and the text is selected instead. */
  #copied: '' | 'copied' | 'select' = '';

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #endpoint: () => string;

  constructor(host: ReactiveControllerHost & HTMLElement, endpoint: () => string) {
    this.#host = host;
    this.#endpoint = endpoint;
  }

  /** Asks the proxy once which bundle it serves (a failure just leaves the script tag out). */
  async load(): Promise<void> {
    if (this.#bundle !== undefined) return;
    try {
      this.#bundle = await requestJson(this.#endpoint(), '/bundle', bundleInfoSchema);
    } catch {
      this.#bundle = null;
    }
    this.#host.requestUpdate();
  }

  /** The code for a head, with absolute addresses: it is pasted into pages on other origins. */
  code(head: CreatedHead): string {
    const endpoint = new URL(this.#endpoint(), document.baseURI).href.replace(/\/+$/, '');
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
