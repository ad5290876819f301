/**
 * The embed code of a head the form has just created: the bundle's script tag (with the integrity
 * value the proxy reports at GET {endpoint}/bundle) and the `<dh-avatar>` tag, inline or as a chat
 * bubble, ready to paste into a page or a CMS block, with a Copy button.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { bundleInfoSchema, type BundleInfo, type CreatedHead } from '../../api/answers.js';
import { requestJson } from '../../api/client.js';
import { embedCode } from '../../api/embed.js';

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
    const bundle = this.#bundle ? { url: new URL(this.#bundle.path, endpoint).href, integrity: this.#bundle.integrity } : undefined;
    return embedCode({ headId: head.id, endpoint, bundle, view: head.streaming ? 'stream' : 'chat', layout: this.#layout });
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

  render(head: CreatedHead) {
    const layout = (value: Layout, label: string) =>
      html`<label><input type="radio" name="embed-layout" value=${value} .checked=${this.#layout === value} @change=${this.#onLayout} /> ${label}</label>`;
    return html`<section class="embed" part="embed" aria-labelledby="embed-title">
      <h4 id="embed-title">Embed code</h4>
      <p class="hint">
        Paste it into any page or a CMS HTML block.${this.#bundle === null
          ? html` This server does not serve the dh-kit bundle: load the kit on that page first (npm or your CDN).`
          : nothing}
      </p>
      <div class="layouts" role="radiogroup" aria-label="Layout">${layout('inline', 'In the page')} ${layout('bubble', 'Chat bubble')}</div>
      <pre part="embed-code"><code>${this.code(head)}</code></pre>
      <div class="actions">
        <button type="button" part="copy" @click=${() => this.#copy(head)}>Copy</button>
        <span role="status">${this.#copied === 'copied' ? 'Copied.' : this.#copied === 'select' ? 'Selected: press Ctrl+C (⌘C) to copy.' : ''}</span>
      </div>
    </section>`;
  }
}
