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
  button.disabled = true;
  status.textContent = 'Connecting…';

  const finish = (text) => {
    ended = true;
    button.disabled = true;
    input.disabled = true;
    popup.hidden = true;
    status.textContent = text;
  };

  socket.addEventListener('open', () => {
    button.disabled = false;
    status.textContent = '';
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
    if (!ended) finish('The connection to the digital human was lost. Reload the page to talk again.');
  });

  popup.querySelector('button').addEventListener('click', () => {
    popup.hidden = true;
    socket.send(JSON.stringify({ type: 'active' }));
    input.focus();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || ended || socket.readyState !== WebSocket.OPEN) return;
    add('user', text);
    input.value = '';
    button.disabled = true;
    status.textContent = 'Thinking…';
    socket.send(JSON.stringify({ type: 'message', text }));
    input.focus();
  });
}
