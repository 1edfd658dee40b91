// `npm run cluster [-- --port 8480] [--replica]`: the production topology on this machine (bench/cluster-topology.ts):
// a PostgreSQL database and roles of its own (CLUSTER_DB, CLUSTER_*_ROLE), Redis, s3rver, two built API
// processes and nginx in front; with --replica (or CLUSTER_REPLICA=true) a PostgreSQL streaming replica too, which
// serves the catalog's reads. Prints the address and the super admin; Ctrl-C stops everything and drops what it
// created.
import { startCluster } from '../bench/cluster-topology';

function portArg(): number | undefined {
  const i = process.argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i < 0) return undefined;
  const raw = process.argv[i].includes('=') ? process.argv[i].split('=')[1] : process.argv[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65532) throw new Error(`--port must be a port number, not ${raw}`);
  return port;
}

const replica = process.argv.includes('--replica') ? true : undefined;
const cluster = await startCluster({ port: portArg(), replica }).catch((e: unknown) => {
  console.error(`The cluster could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

const replicaLine = cluster.replica
  ? `\n  Replica:      127.0.0.1:${cluster.replica.port} (catalog reads; lag in /metrics: haat_replica_lag_seconds)`
  : '';
console.log(`
  Haat cluster: ${cluster.url}
  Super admin:  ${cluster.admin.email} / ${cluster.admin.password} (${cluster.url}/admin; two-factor is set up at the first sign-in)
  Demo accounts: see the README (customer@haat.test / Customer@123, vendor@haat.test / Vendor@123, ...)
  Logs:         ${cluster.dir} (api-1.log, api-2.log, nginx-access.log)${replicaLine}
  Ctrl-C stops everything.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping nginx, the API processes and the S3 store ...');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
