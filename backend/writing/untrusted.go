package writing

import (
	"regexp"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/prose"
)

// The host's text (title, description, rules, highlights, reviews) is
// untrusted: anyone can write a listing, and a line in it may speak to the
// model that writes our copy, or to an agent reading the page, instead of
// describing the place. Such a line is recognised by the class of its
// wording, not by a list of known attacks:
//
//   - an override: a verb that sets aside what came before (ignore,
//     disregard, forget, override…) aimed at earlier instructions, rules or
//     "the above";
//   - an addressee that is a machine: an AI, a language model, a chatbot, a
//     reader agent, or a model's own voice ("As an AI…");
//   - a chat template's role label or marker ("System:", "Assistant:",
//     [INST], <|im_start|>);
//   - an order about our output: the titles, the description, the answer
//     ("in every title", "respond only with", "you must write that…",
//     "tell the guests that…", "from now on respond…", "new instructions").
//
// Hosts write imperatives to guests all the time ("Please remove your
// shoes", "Follow the check-in instructions"): none of these classes is a
// bare imperative, and an override preceded by a negation ("do not ignore
// the rules") is a house rule, not an attack.
//
// The patterns read prose.Words: lower case, accents folded ("règles"
// → "regles"), punctuation and quotes gone, so capitals, quotes and
// punctuation do not change the verdict.

// InstructionLike reports whether s, a line of host text, is an
// instruction to a model or a reader agent rather than a description of
// the place.
func InstructionLike(s string) bool { return instructionMatch(s) != "" }

// StripInstructions removes the instruction-like sentences of a host's
// text: a line that is one goes whole (with its line break), a sentence
// inside a line goes with the space after it; everything else is kept
// byte for byte. dropped counts the sentences removed.
func StripInstructions(text string) (kept string, dropped int) {
	if instructionMatch(text) == "" {
		return text, 0
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		body := strings.TrimRight(line, "\r\n")
		if instructionMatch(body) == "" {
			b.WriteString(line)
			continue
		}
		// A role label opening the line ("System: …") or a chat marker
		// makes the whole line the model's.
		if reChatMarkers.MatchString(body) || reRoleLabel.MatchString(body) {
			dropped++
			continue
		}
		rest, n := withoutInstructionSentences(body)
		dropped += n
		if strings.TrimSpace(rest) == "" {
			continue
		}
		b.WriteString(rest)
		b.WriteString(line[len(body):])
	}
	return b.String(), dropped
}

// withoutInstructionSentences drops the instruction-like sentences of one
// line, each with the spaces after it (before it, for the last one).
func withoutInstructionSentences(line string) (string, int) {
	spans := sentenceSpans(line)
	var b strings.Builder
	n := 0
	for i, sp := range spans {
		s := line[sp[0]:sp[1]]
		if instructionMatch(s) == "" {
			b.WriteString(s)
			continue
		}
		n++
		if i == len(spans)-1 {
			// the last sentence: take back the space written before it
			kept := b.String()
			b.Reset()
			b.WriteString(strings.TrimRight(kept, " \t"))
		}
	}
	return b.String(), n
}

// sentenceSpans cuts line into sentences that together are the whole
// line: each span runs from a sentence's first byte to the first byte of
// the next (its trailing spaces included). A sentence ends at . ! ? or …
// (with closing quotes or brackets) before a space.
func sentenceSpans(line string) [][2]int {
	var spans [][2]int
	start := 0
	for _, m := range reSentenceEnd.FindAllStringIndex(line, -1) {
		spans = append(spans, [2]int{start, m[1]})
		start = m[1]
	}
	if start < len(line) {
		spans = append(spans, [2]int{start, len(line)})
	}
	return spans
}

var reSentenceEnd = regexp.MustCompile(`[.!?…]+["'”’»)\]]*\s+`)

// instructionMatch returns the first instruction-like words in s, or "":
// a chat marker as written, else the matched words (prose.Words form).
// Sentence-level classes are read sentence by sentence, so an order
// hidden mid-paragraph is found and a harmless neighbour is not blamed.
func instructionMatch(s string) string {
	instructionCache.mu.Lock()
	m, ok := instructionCache.m[s]
	instructionCache.mu.Unlock()
	if ok {
		return m
	}
	m = readInstruction(s)
	instructionCache.mu.Lock()
	if len(instructionCache.m) >= instructionCacheSize {
		instructionCache.m = nil // a new listing's sentences: start again
	}
	if instructionCache.m == nil {
		instructionCache.m = map[string]string{}
	}
	instructionCache.m[s] = m
	instructionCache.mu.Unlock()
	return m
}

// instructionCache keeps the verdicts on the sentences read lately: one
// report reads its listing's sentences several times (the fact sheet, the
// families of the checker, the built-in writer, each checker the report
// builds), and the verdict is a function of the sentence alone.
var instructionCache struct {
	mu sync.Mutex
	m  map[string]string
}

// instructionCacheSize bounds the verdicts kept: a few listings' worth.
const instructionCacheSize = 4096

func readInstruction(s string) string {
	// Each marker holds a bracket or a hash, and each role label a colon:
	// text without them is not run through those expressions.
	if strings.ContainsAny(s, "[<#") {
		if m := reChatMarkers.FindString(s); m != "" {
			return strings.TrimSpace(m)
		}
	}
	labels := strings.ContainsAny(s, ":：")
	for _, sent := range prose.Sentences(s) {
		if labels {
			if m := reRoleLabel.FindString(sent); m != "" {
				return strings.TrimSpace(m)
			}
		}
		words := prose.Words(sent)
		if !mayInstruct(words) {
			continue // no word any class needs: most host sentences
		}
		ws := strings.Join(words, " ")
		has := func(set map[string]bool) bool {
			for _, w := range words {
				if set[w] {
					return true
				}
			}
			return false
		}
		if has(overrideTriggers) {
			if m := overrideMatch(ws); m != "" {
				return m
			}
		}
		for i, re := range reInstruction {
			if !has(instructionAnchors[i]) || (instructionNeeds[i] != nil && !has(instructionNeeds[i])) {
				continue
			}
			if m := re.FindString(ws); m != "" {
				return m
			}
		}
	}
	return ""
}

// mayInstruct reports whether a sentence has a word without which none of
// the classes below can match: the patterns are run only on those (a
// listing's few hundred sentences are read on every check).
func mayInstruct(words []string) bool {
	for _, w := range words {
		if instructionTriggers[w] {
			return true
		}
	}
	return false
}

// instructionTriggers are, for each class, words one of which its
// patterns always contain: the override verbs, the machines, the pieces
// of our output, the addressee "you" and the orders' verbs.
var instructionTriggers = func() map[string]bool {
	m := map[string]bool{}
	for _, alt := range []string{wOverride, wMachine, wCopy, wOnlyAnswer, wTellAudience, wFromNow, wNewOrders, wMustSay} {
		for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(alt, -1) {
			m[w] = true
		}
	}
	for _, w := range strings.Fields(`override ai ia ki you youre im i pretend prompt chatgpt openai injection jailbreak developer anything
		reveal knowledge system copy output response answer headline headlines description title titles`) {
		m[w] = true
	}
	// Words every class shares are no sign: the alternations' glue.
	for _, w := range strings.Fields(`a an the of to in on at for with and or that is are as o os as um uma el la los las un una il lo le
		les de du des der die das ein eine e y et und que che dass se si no non nao not only always never all any every each`) {
		delete(m, w)
	}
	return m
}()

// instructionNeeds are, for the classes of reInstruction built on one
// vocabulary every match must use (a machine, a piece of our output, a
// writing verb after "you must"), its words; nil for the others. With
// instructionAnchors they keep the expressions off the many sentences
// that use their common words ("your", "this", "have") but none of these.
var instructionNeeds = func() []map[string]bool {
	words := func(fields string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(fields) {
			m[w] = true
		}
		return m
	}
	machine := words("i ia ki") // "a i", "la IA", "die KI"
	for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(wMachine, -1) {
		if w != "a" && w != "de" && w != "di" {
			machine[w] = true
		}
	}
	pieces := words(`title titles headline headlines titulo titulos titoli titolo titre titres titel titeln uberschrift uberschriften
		description descricao descripcion descrizione beschreibung`)
	sayVerbs := words(`write state claim say output generate describe escrever dizer afirmar escribir decir scrivere dire affermare
		ecrire affirmer schreiben sagen behaupten`)
	// A model speaking of itself, or told what it is: every form names a
	// machine, a prompt, a mode or "now" ("you are now", "do anything now").
	selfTalk := words(`ai language model chatbot assistant now pretend ia ki prompt chatgpt openai jailbreak developer anything
		knowledge cutoff injection`)
	answerVerbs := words(`respond reply answer output print responda responde contesta rispondi reponds repondez antworte antworten`)
	tellVerbs := words(`tell diga digam informe conte di dile diles digale digales informa dica dite dis dites indique indiquez sag sage sagen
		erzahle erzahlen`)
	nowWords := words(`now henceforth agora ahora poi maintenant desormais dorenavant jetzt nun sofort`)
	ordersWords := words(`instructions prompt task directives instrucoes instrucciones istruzioni anweisungen instruktionen`)
	// Each class is known by a piece of its expression.
	classes := []struct {
		in    string
		needs map[string]bool
	}{{wMachine, machine}, {wCopy, pieces}, {wMustSay, sayVerbs}, {"knowledge cutoff", selfTalk}, {wOnlyAnswer, answerVerbs},
		{wTellAudience, tellVerbs}, {wFromNow, nowWords}, {wNewOrders, ordersWords}}
	out := make([]map[string]bool, len(reInstruction))
	for i, re := range reInstruction {
		for _, c := range classes {
			if strings.Contains(re.String(), c.in) {
				out[i] = c.needs
				break
			}
		}
	}
	return out
}()

// instructionAnchors are, for each of reInstruction, the words of its
// pattern that are not glue: every match has one of them, so a sentence
// without any is not run through it.
var instructionAnchors = func() []map[string]bool {
	glue := map[string]bool{}
	for _, w := range strings.Fields(`a an the of to in on at for with and or that is are as o os um uma el la los las un una il lo le
		les de du des der die das ein eine e y et und que che dass se si no non nao not i l s re d m t ve`) {
		glue[w] = true
	}
	out := make([]map[string]bool, len(reInstruction))
	for i, re := range reInstruction {
		out[i] = map[string]bool{}
		for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(re.String(), -1) {
			if !glue[w] && w != "b" && w != "w" && w != "s" {
				out[i][w] = true
			}
		}
	}
	return out
}()

// overrideTriggers are the override verbs: reOverride needs one.
var overrideTriggers = func() map[string]bool {
	m := map[string]bool{"override": true}
	for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(wOverride, -1) {
		m[w] = true
	}
	delete(m, "a")
	return m
}()

// overrideMatch finds an override that is not negated: "ignore previous
// instructions" is an attack, "do not ignore the above rules" a rule.
func overrideMatch(ws string) string {
	for _, re := range reOverride {
		for _, loc := range re.FindAllStringIndex(ws, -1) {
			before := strings.Fields(ws[:loc[0]])
			if len(before) > 2 {
				before = before[len(before)-2:]
			}
			if !negated(before) {
				return ws[loc[0]:loc[1]]
			}
		}
	}
	return ""
}

func negated(words []string) bool {
	for _, w := range words {
		switch w {
		case "not", "dont", "never", "nao", "no", "non", "nunca", "mai", "ne", "pas", "nicht", "nie", "niemals", "jamais":
			return true
		}
	}
	return false
}

// Word classes, folded as prose.Words folds them, in en, pt, es, it,
// fr and de.
const (
	// verbs that set aside what came before
	wOverride = `(?:ignore|ignoring|disregard|forget|override|bypass|skip|ignora|ignorar|ignorem|desconsidere|desconsidera|desconsiderar|esqueca|esquece|esquecer|olvida|olvide|olvidar|descarta|omite|ignorare|dimentica|dimenticare|trascura|ignorez|ignorer|oublie|oubliez|oublier|ignoriere|ignorieren|ignoriert|vergiss|vergessen|missachte|missachten)`
	// determiners that may stand between the verb and its object
	wDet = `(?:all|any|the|your|these|those|of|everything|my|a|as|os|todas|todos|suas|seus|las|los|tus|sus|le|gli|i|tutte|tutti|tue|les|toutes|tous|vos|tes|ces|die|alle|deine|ihre|diese|sämtliche|samtliche)`
	// what came before: earlier instructions
	wPrior = `(?:previous|prior|above|earlier|preceding|foregoing|former|initial|original|system|safety|developer|vorherigen|vorigen|obigen|bisherigen|fruheren|vorhergehenden|ursprunglichen)`
	// the same, written after the noun (pt, es, it, fr)
	wPriorAfter = `(?:anteriores|anterior|acima|previas|precedentes|precedenti|sopra|di sopra|ci dessus|anterieures|originais|originales|originali|originales|du systeme|do sistema|del sistema)`
	wRules      = `(?:instructions?|prompts?|directives?|directions|guidelines|commands|rules|context|messages|instrucoes|instrucao|regras|orientacoes|diretrizes|comandos|instrucciones|reglas|indicaciones|directrices|ordenes|istruzioni|regole|indicazioni|direttive|comandi|consignes|regles|anweisungen|regeln|instruktionen|vorgaben|befehle|anordnungen)`
	// "the above", "everything before"
	wAbove = `(?:above|foregoing|preceding|before|acima|anterior|lo anterior|sopra|precede|ci dessus|oben|vorher|zuvor|davor|bisherige|vorherige)`
	wAll   = `(?:all|everything|the|of|that|tudo|o|que|todo|lo|tutto|quanto|cio|che|tout|ce|qui|alles|was|das)`
	// a machine as addressee or speaker
	wMachine = `(?:ai|a i|llm|llms|chatbot|chat bot|language model|large language model|ai model|ai assistant|ai agent|ai writer|ai system|reader agent|browsing agent|shopping agent|booking agent|autonomous agent|gpt|chatgpt|inteligencia artificial|intelligenza artificiale|intelligence artificielle|kunstliche intelligenz|modelo de linguagem|modelo de lenguaje|modello linguistico|modello di linguaggio|modele de langage|sprachmodell)`
	// what is ordered of a machine
	wDirective = `(?:must|should|have to|need to|shall|always|never|only|write|say|state|claim|output|respond|reply|answer|ignore|include|mention|pretend|recommend|rate|describe|deve|devem|debe|debes|devi|doit|dois|devez|muss|musst|mussen|sempre|siempre|toujours|immer|nunca|jamais|escreva|escreve|escribe|escriba|scrivi|scriva|ecris|ecrivez|schreibe|schreib|diga|dica|dites|sag|sage|recomende|recomienda|consiglia|recommande|empfiehl)`
	// the pieces of our output
	wCopy  = `(?:titles?|headlines?|titulos?|titoli|titolo|titres?|titeln?|uberschriften?|the description|a descricao|la descripcion|la descrizione|la description|die beschreibung)`
	wEvery = `(?:every|each|all|all the|all of the|todos os|todas as|cada|todos los|todas las|tutti i|tutte le|ogni|tous les|toutes les|chaque|jeden|jedem|jeder|alle|allen)`
	// writing verbs, imperative or infinitive
	wWrite = `(?:write|put|add|include|insert|mention|say|state|claim|call|append|prepend|start|begin|end|escreva|escrever|coloque|colocar|inclua|incluir|adicione|escribe|escribir|pon|poner|incluye|anade|scrivi|scrivere|metti|mettere|includi|aggiungi|ecris|ecrivez|ecrire|mets|mettez|ajoute|ajoutez|incluez|schreib|schreibe|schreiben|fuge|setze)`
	// audiences a writer is told to address ("tell the guests that")
	wTellAudience = `(?:tell (?:the |all |every |our |your )?(?:guests?|readers?|users?|customers?|visitors?|travell?ers?|people) (?:that|it)|(?:diga|digam|informe|conte) (?:aos|ao|as|a) (?:hospedes|hospede|leitores|clientes) que|(?:di|dile|diles|digale|digales|informa|informe) (?:a )?(?:los |al |las |la )?(?:huespedes|huesped|lectores|clientes) que|(?:di|dica|dite|informa) (?:agli|all|ai|al) (?:ospiti|ospite|lettori|clienti) che|(?:dis|dites|indique|indiquez) (?:aux|au|a l) (?:clients|client|voyageurs|voyageur|hotes|lecteurs) que|(?:sag|sage|sagen sie|erzahle|erzahlen sie) (?:den|dem) (?:gasten|gast|lesern|kunden) dass)`
	// "from now on"
	wFromNow   = `(?:from now on|starting now|henceforth|a partir de agora|de agora em diante|a partir de ahora|de ahora en adelante|d ora in poi|da ora in poi|da adesso in poi|a partir de maintenant|desormais|dorenavant|ab jetzt|von nun an|ab sofort)`
	wModelVerb = `(?:respond|answer|reply|write|act|behave|pretend|output|ignore|you are|youre|you will (?:respond|answer|reply|write|act|only|always|ignore)|responda|responde|rispondi|reponds|repondez|antworte|escreva|escribe|scrivi|ecris|ecrivez|schreibe|schreib|voce e|eres|sei|tu es|vous etes|du bist)`
	// "you must write that"
	wMustSay = `(?:you (?:must|should|have to|need to|shall|are to|will) (?:always )?(?:write|state|claim|say|output|generate|describe) (?:that|only|the (?:stay|listing|apartment|place|property|house|room|price) (?:is|as|has))|voce deve (?:sempre )?(?:escrever|dizer|afirmar) que|(?:debes|tienes que|usted debe) (?:siempre )?(?:escribir|decir|afirmar) que|(?:devi|dovete|deve) (?:sempre )?(?:scrivere|dire|affermare) che|(?:tu dois|vous devez|il faut) (?:toujours )?(?:ecrire|dire|affirmer) que|(?:du musst|sie mussen|ihr musst) (?:immer )?(?:schreiben|sagen|behaupten) dass)`
	// "respond only with"
	wOnlyAnswer = `(?:(?:respond|reply|answer|output|print) (?:only|solely|exclusively|just)|only (?:respond|reply|answer|output)|(?:respond|reply|answer) with only|responda (?:apenas|somente|so)|responde (?:solo|solamente|unicamente)|contesta solo|rispondi (?:solo|soltanto|solamente|unicamente)|(?:reponds|repondez) (?:uniquement|seulement)|antworte (?:nur|ausschliesslich)|antworten sie nur)`
	// "new instructions"
	wNewOrders = `(?:(?:new|updated|real|actual|true|revised|additional|hidden|secret) (?:instructions|prompt|task|directives)|(?:novas|nuevas|nuove|nouvelles|neue) (?:instrucoes|instrucciones|istruzioni|instructions|anweisungen|instruktionen))`
)

var (
	// reOverride: an order to set aside what came before ("ignore all
	// previous instructions", "ignora las instrucciones anteriores",
	// "vergiss alle vorherigen Anweisungen", "disregard the above").
	reOverride = []*regexp.Regexp{
		regexp.MustCompile(`\b` + wOverride + `(?: ` + wDet + `)* (?:` + wPrior + ` )+(?:\w+ )?` + wRules + `\b`),
		regexp.MustCompile(`\b` + wOverride + `(?: ` + wDet + `)* ` + wRules + ` ` + wPriorAfter + `\b`),
		regexp.MustCompile(`\b` + wOverride + ` (?:all|any|your|todas|tutte|toutes|alle|suas|tus) (?:\w+ )?(?:instructions?|prompts?|directives?|rules|instrucoes|instrucciones|istruzioni|anweisungen|regeln)\b`),
		regexp.MustCompile(`\b` + wOverride + `(?: ` + wAll + `)* ` + wAbove + `\b`),
		regexp.MustCompile(`\boverride (?:your|the|all|any|my)\b`),
		// "forget everything you were told", "esqueça tudo o que lhe disseram"
		regexp.MustCompile(`\b` + wOverride + ` (?:everything|all|anything|whatever|tudo|todo|tutto|tout|alles)(?: (?:that|o que|lo que|quello che|ce que|was))? (?:you|lhe|te|ti|vous|on t|dir|ihnen)? ?(?:were|have been|ve been|was|foi|fue|e stato|a ete|wurde)? ?(?:told|said|taught|given|instructed|dito|disseram|dijeron|detto|dit|gesagt)\b`),
	}
	// reInstruction: the other classes, on one sentence's words.
	reInstruction = []*regexp.Regexp{
		// a model speaking of itself or told what it is
		regexp.MustCompile(`\b(?:as an? (?:ai|language model|large language model)|i am an ai|i m an ai|im an ai|you are an? (?:ai|language model|chatbot|assistant)|you are now|pretend (?:you are|to be|that you)|como (?:uma|um|una|un) ia|come (?:un|una) ia|en tant qu ia|en tant que ia|als ki|du bist (?:eine )?ki|(?:voce e|eres|sei|tu es|vous etes) (?:uma|una|un|une) ia|system prompt|you are chatgpt|chatgpt|openai|prompt injection|jailbreak|developer mode|do anything now|reveal your prompt|knowledge cutoff)\b`),
		// a machine addressed by name
		regexp.MustCompile(`\b(?:note to|dear|hey|hi|attention|to the|for the|if you are an?|if you re an?|if youre an?) (?:the )?` + wMachine + `\b`),
		// a machine told to do something
		regexp.MustCompile(`\b(?:(?:the|an|any|this|your) ` + wMachine + `|(?:la|l|a|die|der|eine) (?:ia|ki))\b.*\b` + wDirective + `\b`),
		regexp.MustCompile(`\b` + wDirective + `\b.*\b(?:the|an|any|this|your) ` + wMachine + `\b`),
		// orders about our output
		regexp.MustCompile(`\b(?:in|into|to|on|for|em|en|nei|negli|dans|a|in) ` + wEvery + ` ` + wCopy + `\b`),
		regexp.MustCompile(`^` + wWrite + `\b.*\b(?:in|into|to|at the start of|at the end of) (?:the|your) (?:titles?|headlines?|description|copy|output|response|answer)\b`),
		regexp.MustCompile(`\b` + wMustSay + `\b`),
		regexp.MustCompile(`\b` + wOnlyAnswer + `\b`),
		regexp.MustCompile(`\b` + wTellAudience + `\b`),
		regexp.MustCompile(`\b` + wFromNow + `(?: \w+){0,3} ` + wModelVerb + `\b`),
		regexp.MustCompile(`\b` + wNewOrders + `\b`),
	}
	// reChatMarkers are a chat template's markers: [INST], <|im_start|>,
	// <<SYS>>, "### Instruction" opening a line.
	reChatMarkers = regexp.MustCompile(`(?i)\[/?inst\]|<\|[a-z_]+\|>|<<\s*/?sys\s*>>|(?m)^\s*#{2,}\s*(?:instruction|system|response)\b`)
	// reRoleLabel is a chat role's label opening a sentence, quoted or
	// not: "System:", "Assistant:", in the copy languages too.
	reRoleLabel = regexp.MustCompile(`(?i)^[\s"'“”‘’«»(\[*#>-]*(?:system|assistant|user|ai|developer|prompt|new instructions|sistema|assistente|asistente|utente|usuario|usuário|système|systeme|utilisateur|assistent|nutzer|benutzer)\s*[:：]`)
)
