// Firestore security rules (../../firestore.rules): no client, signed in or
// not, can read or write any collection the API keeps. Clients never touch
// Firestore; the API, whose service account the rules do not apply to, is the
// only door (DESIGN.md, "Data").
//
// These tests need the Firestore emulator (firebase-tools, Java 21), which
// this repository's development machines cannot download; the hosted CI
// workflow runs them:
//   firebase emulators:exec --only firestore --project demo-listinglift "npm --prefix tests/rules test"
// (npm run test:emulator does that from here). Without FIRESTORE_EMULATOR_HOST
// every case is skipped and the reason printed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const emulator = process.env.FIRESTORE_EMULATOR_HOST ?? '';
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-listinglift';
const rulesPath = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

if (emulator === '' && process.env.REQUIRE_FIRESTORE_EMULATOR === '1') {
  // The hosted CI workflow sets this, so a misconfigured run fails instead
  // of passing with every case skipped.
  throw new Error('REQUIRE_FIRESTORE_EMULATOR=1 but FIRESTORE_EMULATOR_HOST is not set');
}
if (emulator === '') {
  console.warn(
    'SKIP: FIRESTORE_EMULATOR_HOST is not set, so the Firestore rules tests cannot run. ' +
      'They need the Firestore emulator (Java 21): run them with ' +
      '`firebase emulators:exec --only firestore --project demo-listinglift "npm --prefix tests/rules test"` ' +
      '(npm run test:emulator), as the hosted CI workflow does.',
  );
}

// hostPort splits "127.0.0.1:8085" or "[::1]:8085".
function hostPort(v: string): { host: string; port: number } {
  const i = v.lastIndexOf(':');
  return { host: v.slice(0, i).replace(/^\[(.*)\]$/, '$1'), port: Number(v.slice(i + 1)) };
}

// One document in each collection the API writes (store/firestore), shaped
// as the API writes it, so a denial is the rules' doing and not a missing
// document's.
const seed: Record<string, { id: string; data: Record<string, unknown> }> = {
  customers: {
    id: 'alice',
    data: { email: 'alice@example.com', displayName: 'Alice', optimizationIds: ['opt-alice'], totalPurchases: 1 },
  },
  optimizations: {
    id: 'opt-alice',
    data: {
      customerUid: 'alice',
      customerEmail: 'alice@example.com',
      listingUrl: 'https://www.airbnb.com/rooms/48123456',
      planType: 'premium',
      amount: 19.99,
      status: 'completed',
      createdAt: new Date('2026-01-02T03:04:05Z'),
      stripeSessionId: 'cs_test_alice',
      results: { competitive_scores: { visual_score: 64 } },
    },
  },
  stripeSessions: { id: 'cs_test_alice', data: { optimizationId: 'opt-alice' } },
  paymentEvents: { id: 'evt_alice', data: { processedAt: new Date('2026-01-02T03:05:00Z') } },
};
const collections = Object.keys(seed);

type Client = { who: string; context: (env: RulesTestEnvironment) => RulesTestContext };
const clients: Client[] = [
  { who: 'an unauthenticated client', context: (env) => env.unauthenticatedContext() },
  {
    // The owner of every seeded document: even she is refused.
    who: 'a signed-in customer (alice, the owner)',
    context: (env) => env.authenticatedContext('alice', { email: 'alice@example.com', email_verified: true }),
  },
];

describe.skipIf(emulator === '')('firestore.rules deny every client', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId,
      firestore: { ...hostPort(emulator), rules: readFileSync(rulesPath, 'utf8') },
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  beforeEach(async () => {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      for (const [name, { id, data }] of Object.entries(seed)) {
        await setDoc(doc(db, name, id), data);
      }
    });
  });

  it('the seeded documents exist (read with rules disabled)', async () => {
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      for (const [name, { id }] of Object.entries(seed)) {
        const snap = await assertSucceeds(getDoc(doc(db, name, id)));
        expect(snap.exists(), `${name}/${id}`).toBe(true);
      }
    });
  });

  for (const { who, context } of clients) {
    for (const name of collections) {
      const id = seed[name]!.id;

      it(`${who} cannot read ${name}`, async () => {
        const db = context(env).firestore();
        await assertFails(getDoc(doc(db, name, id)));
        await assertFails(getDocs(query(collection(db, name), limit(10))));
      });

      it(`${who} cannot write ${name}`, async () => {
        const db = context(env).firestore();
        await assertFails(setDoc(doc(db, name, 'client-made'), { by: who }));
        await assertFails(addDoc(collection(db, name), { by: who }));
        await assertFails(updateDoc(doc(db, name, id), { touched: true }));
        await assertFails(setDoc(doc(db, name, id), { replaced: true }));
        await assertFails(deleteDoc(doc(db, name, id)));
      });
    }

    it(`${who} cannot list alice's optimizations (the dashboard query)`, async () => {
      const db = context(env).firestore();
      await assertFails(getDocs(query(collection(db, 'optimizations'), where('customerUid', '==', 'alice'))));
    });
  }
});
