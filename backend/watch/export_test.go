package watch

// OneSentence is oneSentence for the real-page tests (package watch_test).
var OneSentence = oneSentence
