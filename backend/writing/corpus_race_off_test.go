//go:build !race

package writing_test

// underRace: this test binary runs with the race detector.
const underRace = false
