// The simulator's chat and stream page script (plain JS: served as is to the browser). The page
// holds one conversation session over a WebSocket, like the platform's pages.
const main = document.querySelector('main.page');
if (main) {
  const transcript = main.querySelector('.transcript');
  const messages = transcript.querySelector('.messages');
  const form = main.querySelector('form.composer');
  const input = form.querySelector('input');
  const button = form.querySelector('button');
  const status = main.querySelector('.status');
  const caption = main.querySelector('.caption');
  const popup = main.querySelector('.inactivity');

  const add = (role, text) => {
    const li = document.createElement('li');
    li.className = `msg msg-${role}`;
    li.dataset.role = role;
    li.textContent = text;
    messages.append(li);
    li.scrollIntoView({ block: 'nearest' });
  };

  const greeting = transcript.dataset.greeting;
  if (greeting) add('head', greeting);

  const url = new URL(location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}/session`;
  const socket = new WebSocket(url);
  let ended = false;
  /** A message sent before the connection opened: it goes as soon as it opens. */
  let waiting;
  status.textContent = 'Connecting…';

  const send = (text) => {
    button.disabled = true;
    status.textContent = 'Thinking…';
    socket.send(JSON.stringify({ type: 'message', text }));
  };

  const finish = (text) => {
    ended = true;
    button.disabled = true;
    input.disabled = true;
    popup.hidden = true;
    status.textContent = text;
  };

  socket.addEventListener('open', () => {
    status.textContent = '';
    if (waiting !== undefined) send(waiting);
    waiting = undefined;
  });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'session') main.dataset.session = message.sessionId;
    if (message.type === 'reply') {
      add('head', message.text);
      if (caption) caption.textContent = message.text;
      main.classList.add('speaking');
      setTimeout(() => main.classList.remove('speaking'), 1500);
      status.textContent = '';
      button.disabled = false;
    }
    if (message.type === 'inactivity_warning') {
      popup.querySelector('p').textContent = message.message;
      popup.hidden = false;
      popup.querySelector('button').focus();
    }
    if (message.type === 'timeout') finish(message.message);
    if (message.type === 'error') {
      status.textContent = message.message;
      button.disabled = false;
    }
  });
  socket.addEventListener('close', () => {
    if (!ended)
      finish('The connection to the digital human was lost. Reload the page to talk again.');
  });

  popup.querySelector('button').addEventListener('click', () => {
    popup.hidden = true;
    socket.send(JSON.stringify({ type: 'active' }));
    input.focus();
  });

  // Speaking, as the platform's pages offer it: the microphone is asked for on the press (so the
  // frame must have been given it: its `allow` names this page's origin). The simulator does not
  // transcribe; it shows that it listens, and typing still works.
  const mic = form.querySelector('.mic');
  let stream;
  mic.addEventListener('click', async () => {
    if (stream) {
      for (const track of stream.getTracks()) track.stop();
      stream = undefined;
      mic.setAttribute('aria-pressed', 'false');
      status.textContent = '';
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      mic.setAttribute('aria-pressed', 'true');
      status.textContent =
        'Listening… (the simulator does not transcribe speech: type your message)';
    } catch (err) {
      status.textContent = `The microphone is not available here (${err?.name ? err.name : 'error'}): type your message instead.`;
    }
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || ended || waiting !== undefined) return;
    add('user', text);
    input.value = '';
    if (socket.readyState === WebSocket.OPEN) send(text);
    else waiting = text;
    input.focus();
  });
}
