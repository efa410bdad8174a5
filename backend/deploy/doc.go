// Package deploy holds no code: its tests check the deployment files at the
// repository root so a broken one fails `make test`, not a release:
//   - the Dockerfile and .dockerignore (the essentials, the linters pinned in
//     tools/dockerlint, and its build line producing a static server that
//     starts and serves);
//   - cloudbuild.yaml (step order, substitutions, and the Cloud Run settings
//     passing config.Load in production, so the deploy cannot drift from what
//     the server requires);
//   - firebase.json, firestore.rules and firestore.indexes.json (rewrites,
//     caching and security headers, deny-all rules, the dashboard's index;
//     firebase-tools' own validation when it is installed).
package deploy
