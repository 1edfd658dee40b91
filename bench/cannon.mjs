// One autocannon run in its own process (bench/run.ts forks it), so that the load generator does not
// share the API's event loop: its own work would otherwise count in every response time. Sends back
// autocannon's result and the time of every 2xx response (for an exact p95; autocannon reports p97.5).
import autocannon from 'autocannon';

process.once('message', async ({ url, connections, duration, headers }) => {
  const times = [];
  const instance = autocannon({ url, connections, duration, headers });
  instance.on('response', (_client, status, _bytes, time) => {
    if (status >= 200 && status < 300) times.push(time);
  });
  const result = await instance;
  process.send(
    {
      result: {
        requests: { average: result.requests.average },
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      times,
    },
    () => process.exit(0),
  );
});
