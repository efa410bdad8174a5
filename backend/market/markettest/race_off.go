//go:build !race

package markettest

// Race reports whether the tests were built with the race detector.
const Race = false
