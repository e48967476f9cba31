// The mock's yardstick: Fastify's hello world, announced the way the mock CLI announces itself,
// so both run as their own process and autocannon never shares their event loop. POST /echo
// (the JSON body parsed and sent back) splits "a POST with a JSON body" from the mock's own work.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.post('/echo', async (request) => request.body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ base_url: `http://127.0.0.1:${port}` }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
