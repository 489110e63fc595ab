// A bare node:http long-poll server: the yardstick for memory per held poll. It keeps what any long-poll
// server must keep (the request, the response and a timer per poll) and nothing else.
import http from 'node:http';

const port = Number(process.argv[2]);
const holdMs = Number(process.argv[3] ?? 75_000);
/** receiver:store → { response, timer } */
const held = new Map();
let nextMessageId = 1;

function answer(key, messageList) {
  const entry = held.get(key);
  if (!entry) return false;
  held.delete(key);
  clearTimeout(entry.timer);
  send(entry.response, 200, {
    result: 0,
    data: { messageCount: messageList.length, messageList },
    errorMsg: null,
  });
  return true;
}

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function wake(keys) {
  let woken = 0;
  for (const key of keys) if (answer(key, [{ messageId: nextMessageId++ }])) woken += 1;
  return woken;
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
    if (request.url === '/health') return send(response, 200, { result: 0 });
    if (request.url === '/wake') {
      const keys = body.all ? [...held.keys()] : body.keys;
      return send(response, 200, { result: 0, data: { woken: wake(keys) } });
    }
    if (request.url !== '/poll') return send(response, 404, { result: 1 });
    const key = `${body.receiver}:${body.storeCode}`;
    answer(key, []); // a newer poll of the same key replaces the old one
    const timer = setTimeout(answer, holdMs, key, []);
    held.set(key, { response, timer });
    response.once('close', () => {
      if (held.get(key)?.response === response) {
        clearTimeout(timer);
        held.delete(key);
      }
    });
  });
});
server.keepAliveTimeout = holdMs + 10_000;
server.listen(port, '127.0.0.1', () => process.send?.({ type: 'listening' }));
process.on('SIGTERM', () => process.exit(0));
