package listing

import "github.com/listinglift/listinglift/backend/prose"

// CopyLanguages are the languages the copy writers have templates for,
// besides English.
var CopyLanguages = map[prose.Lang]bool{"pt": true, "es": true, "it": true, "fr": true, "de": true}

// SetLanguage decides l's language, once, as the page is read: the
// language its title and description show, else the page's lang attribute
// (prose.Detect). English, the report's own language, is the zero Lang.
func (l *Listing) SetLanguage(pageLang string) {
	if lang := prose.Lang(prose.Detect(pageLang, l.Title+"\n"+l.Description)); !lang.IsEnglish() {
		l.Language = lang
	}
}
