// Package deploy holds one table, permissions.go (each Google API call →
// the IAM permission it needs → the role the deploy grants to which
// account), and tests that check it and the deployment files at the
// repository root so a broken one fails `make test`, not a release:
//   - the Dockerfile and .dockerignore (the essentials, the linters pinned in
//     tools/dockerlint, and its build line producing a static server that
//     starts and serves);
//   - cloudbuild.yaml (step order, substitutions, and the Cloud Run settings
//     passing config.Load in production, so the deploy cannot drift from what
//     the server requires);
//   - firebase.json, firestore.rules and firestore.indexes.json (rewrites,
//     caching and security headers, deny-all rules, the dashboard's index;
//     firebase-tools' own validation when it is installed);
//   - the build replayed on a clean copy of the repository (replay_test.go:
//     steps in an order waitFor allows, the test gate last among the steps
//     it may overlap, stand-ins for gcloud, docker, npm and firebase): the
//     gate passes with a custom auth domain, and no two steps that may run
//     at once write what the other reads;
//   - docs/DEPLOY.md's commands as a person runs them (iam_test.go): each
//     bucket, account and database created before it is bound or used, and
//     least privilege (no data role for the build account, no import or
//     export for the runtime account, the nightly export on its own account);
//   - the permissions table (permissions_test.go): every Google client
//     method the server and the command line tool call has a row, every
//     row's permission is granted by a role docs/DEPLOY.md binds to its
//     account, no bound role (nor custom role permission) goes beyond the
//     rows, and cloudbuild.yaml runs each thing as the row's account;
//   - the docs' routes and quoted log lines (docs_test.go).
package deploy
