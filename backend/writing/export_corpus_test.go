package writing

// PlainHostText exposes plainHostText to the corpus tests: the host's
// description as the model is given it (markup and instructions out).
var PlainHostText = plainHostText
