// One client process of the benchmark: holds long polls for its receivers over keep-alive sockets, re-polls
// (acknowledging) after every answer, and reports each answer with messages to the parent with its time.
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();

let target;
let agent;
let stopping = false;
const stats = { sent: 0, answered: 0, empty: 0, errors: 0, inFlight: 0 };

function poll(receiver, ackIds) {
  if (stopping) return;
  const payload =
    target.mode === 'ours'
      ? { receiver: receiver.workCode, storeCode: target.storeCode, ackIds }
      : { receiver: receiver.workCode, storeCode: target.storeCode };
  const body = JSON.stringify(payload);
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  if (receiver.token) headers.authorization = `Bearer ${receiver.token}`;
  const request = http.request(
    { host: target.host, port: target.port, path: target.path, method: 'POST', agent, headers },
    (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const at = now();
        stats.inFlight -= 1;
        if (response.statusCode !== 200) {
          stats.errors += 1;
          stats[`status${response.statusCode}`] = (stats[`status${response.statusCode}`] ?? 0) + 1;
          setTimeout(poll, 1_000, receiver, ackIds);
          return;
        }
        const ids = JSON.parse(Buffer.concat(chunks).toString()).data.messageList.map((m) => m.messageId);
        stats.answered += 1;
        if (ids.length === 0) stats.empty += 1;
        else process.send({ type: 'arrival', index: receiver.index, ids, at });
        poll(receiver, ids);
      });
    },
  );
  request.on('error', () => {
    stats.inFlight -= 1;
    stats.errors += 1;
    if (!stopping) setTimeout(poll, 1_000, receiver, ackIds);
  });
  stats.sent += 1;
  stats.inFlight += 1;
  request.end(body);
}

/** Opens polls at a steady pace so the server's accept queue never overflows into SYN retries. */
async function open(receivers, perSecond) {
  const batch = Math.max(1, Math.round(perSecond / 20));
  for (let i = 0; i < receivers.length; i += batch) {
    for (const receiver of receivers.slice(i, i + batch)) poll(receiver, []);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

process.on('message', (message) => {
  if (message.type === 'target') {
    target = message.target;
    agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, localAddress: target.localAddress });
    process.send({ type: 'ready' });
  } else if (message.type === 'open') {
    void open(message.receivers, message.perSecond).then(() => process.send({ type: 'opened' }));
  } else if (message.type === 'stats') {
    process.send({ type: 'stats', stats });
  } else if (message.type === 'stop') {
    stopping = true;
    agent.destroy();
    process.exit(0);
  }
});
