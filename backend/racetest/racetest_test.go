package racetest

import (
	"os"
	"strings"
	"testing"
)

// A skip names the step that runs the test instead: each such step is in
// make test (scripts/test.sh), under that name.
func TestStepsAreMakeTestSteps(t *testing.T) {
	b, err := os.ReadFile("../../scripts/test.sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{StepRealSnapshots, StepCopyCorpus, StepRealPages} {
		if !strings.Contains(string(b), "\nstep \""+step+"\" ") {
			t.Errorf("scripts/test.sh has no step %q, which skipped tests name", step)
		}
	}
	if !strings.Contains(string(b), "const RealPageTests") {
		t.Error("scripts/test.sh does not read RealPageTests: the real-page step would not know its tests")
	}
}
