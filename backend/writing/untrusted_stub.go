package writing

// InstructionLike is a stand-in until untrusted.go lands.
func InstructionLike(string) bool { return false }
