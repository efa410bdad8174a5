// Package deploy holds no code: its tests check the deployment files at the
// repository root (firebase.json, Firestore rules and indexes, Cloud Build)
// so a broken one fails `make test`, not a release.
package deploy
