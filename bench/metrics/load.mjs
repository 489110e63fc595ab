// The load process of the metrics benchmark: keeps `connections` keep-alive requests to one URL in flight for
// `seconds` and prints how many were answered (and how many were not 200). Run by run.ts, one round at a time,
// in its own process so the client does not share the server's event loop.
import http from 'node:http';

const [url, seconds, connections] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const stats = { answered: 0, failed: 0 };
const deadline = performance.now() + seconds * 1000;
let started = 0;

function fire(done) {
  if (performance.now() >= deadline) return done();
  const request = http.get(
    { host: target.hostname, port: target.port, path: target.pathname, agent },
    (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) stats.answered += 1;
        else stats.failed += 1;
        fire(done);
      });
    },
  );
  request.on('error', () => {
    stats.failed += 1;
    fire(done);
  });
}

const begin = performance.now();
await Promise.all(
  Array.from({ length: connections }, () => new Promise((resolve) => ((started += 1), fire(resolve)))),
);
const elapsed = (performance.now() - begin) / 1000;
agent.destroy();
process.stdout.write(JSON.stringify({ ...stats, seconds: elapsed, connections: started }));
