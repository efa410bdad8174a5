// Package prose reads the words people write — a listing's title and
// description, a host's rules, a guest's review, a piece of copy — one way
// for every package that reads them (listing, analysis, writing, market):
//
//   - tokenizing: Words (lower case, accents folded, French and Italian
//     elisions), Sentences, WordCount, Length (as sites count it),
//     CutRunes, Fold, emoji;
//   - language detection: Detect and Shows (a listing's text, by its
//     frequent words), TextLanguage and Script (a piece of a listing's
//     own text, non-Latin scripts first), LineLanguage, SentenceLanguage
//     and ParagraphLanguage (a short piece of copy or a rule line, by its
//     small words), CJKLanguage (Chinese or Japanese), ReviewLanguage (a
//     guest's review, cheaply, at import);
//   - the language as a value: Lang, a two-letter code whose zero value
//     is English (Code is the one place that says so);
//   - inflection matching: Stems and StemList find a word or a place in
//     the forms its language gives it ("Αθήνας" names Αθήνα, "Berlins"
//     Berlin).
//
// What a language's words mean to a report — section headings, the
// catalogue's amenity names, phrasebooks — stays with the package that
// uses them (analysis, writing); prose holds only what tells words and
// languages apart. It is named for what it reads, not "text": text is the
// name of hundreds of variables and parameters in the packages that use
// it, which would hide the package.
package prose
