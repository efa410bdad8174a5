//go:build !race

package writing

// raceDetector: this test binary runs with the race detector.
const raceDetector = false
