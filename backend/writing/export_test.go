package writing

// Unquoted exposes unquoted to the external tests.
var Unquoted = unquoted
