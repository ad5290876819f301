// The simulator's chat and stream page script (plain JS: served as is to the browser).
const main = document.querySelector('main.page');
if (main) {
  const transcript = main.querySelector('.transcript');
  const messages = transcript.querySelector('.messages');
  const form = main.querySelector('form.composer');
  const input = form.querySelector('input');
  const button = form.querySelector('button');
  const status = main.querySelector('.status');
  const caption = main.querySelector('.caption');
  // One session per page load, like the platform's per-window sessions. getRandomValues, unlike
  // randomUUID, also exists on plain-http pages.
  const sessionId = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const endpoint = `${location.pathname.replace(/\/$/, '')}/messages${location.search}`;

  const add = (role, text) => {
    const li = document.createElement('li');
    li.className = `msg msg-${role}`;
    li.dataset.role = role;
    li.textContent = text;
    messages.append(li);
    li.scrollIntoView({ block: 'nearest' });
    return li;
  };

  const greeting = transcript.dataset.greeting;
  if (greeting) add('head', greeting);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    add('user', text);
    input.value = '';
    button.disabled = true;
    status.textContent = 'Thinking…';
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ sessionId, text }),
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(body?.error?.message || `The head could not answer (${res.status})`);
      add('head', body.reply);
      if (caption) caption.textContent = body.reply;
      main.classList.add('speaking');
      setTimeout(() => main.classList.remove('speaking'), 1500);
      status.textContent = '';
    } catch (err) {
      status.textContent = err instanceof Error ? err.message : String(err);
    } finally {
      button.disabled = false;
      input.focus();
    }
  });
}
