#!/usr/bin/env node
// Firestore stand-in for tests on machines without the official emulator
// (it needs Java 21 and a download). It runs @firestore-emulator/server, a
// partial in-memory Firestore speaking the same gRPC API, so the Go client
// works against it with FIRESTORE_EMULATOR_HOST=127.0.0.1:PORT.
//
// Usage: node firestore-standin.mjs [port]   (or FIRESTORE_STANDIN_PORT; default 8085)
// Prints "firestore stand-in listening on 127.0.0.1:PORT" once it accepts
// connections; exits 0 on SIGTERM or SIGINT.
import { FirestoreServer } from '@firestore-emulator/server';

const HOST = '127.0.0.1';
const arg = process.argv[2] ?? process.env.FIRESTORE_STANDIN_PORT ?? '8085';
const port = Number(arg);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`firestore stand-in: invalid port ${JSON.stringify(arg)}`);
  process.exit(2);
}

const server = new FirestoreServer();

// start() binds 0.0.0.0 and takes no host. A test database has no business on
// the network, so rewrite the address it binds to loopback. `server.server`
// is the package's (TypeScript-private) grpc-js Server; if a later version
// renames it we still start, on all interfaces, and say so.
const grpc = server.server;
if (typeof grpc?.bindAsync === 'function') {
  const bind = grpc.bindAsync.bind(grpc);
  grpc.bindAsync = (address, ...rest) => bind(address.replace(/^0\.0\.0\.0:/, `${HOST}:`), ...rest);
} else {
  console.error('firestore stand-in: cannot restrict to loopback; listening on all interfaces');
}

try {
  await server.start(port);
} catch (err) {
  console.error(`firestore stand-in: cannot listen on ${HOST}:${port}: ${err.message}`);
  process.exit(1);
}
console.log(`firestore stand-in listening on ${HOST}:${port}`);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.stop();
    process.exit(0);
  });
}
