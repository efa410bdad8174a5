// Package alertcheck reads the log-based metrics docs/DEPLOY.md §15 tells
// the operator to create and evaluates their filters against log lines, so
// tests can show that every alert matches a line the code really writes.
//
// It understands the part of Cloud Logging's query language the guide
// uses: comparisons (=, !=, >, >=, <, <=, :) of a field path
// (jsonPayload.event, jsonPayload."@type", severity, httpRequest.status,
// resource.labels.x) with a value or a parenthesised OR of values, joined
// by AND (or juxtaposition), OR (which binds tighter than AND, as in
// Logging), NOT and parentheses.
package alertcheck

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Expr is a parsed filter.
type Expr interface {
	Match(entry map[string]any) bool
}

type and []Expr
type or []Expr
type not struct{ e Expr }

type cmp struct {
	path   []string
	op     string
	values []string // any of them (field=(a OR b))
}

func (a and) Match(e map[string]any) bool {
	for _, x := range a {
		if !x.Match(e) {
			return false
		}
	}
	return true
}

func (o or) Match(e map[string]any) bool {
	for _, x := range o {
		if x.Match(e) {
			return true
		}
	}
	return false
}

func (n not) Match(e map[string]any) bool { return !n.e.Match(e) }

func (c cmp) Match(e map[string]any) bool {
	v, ok := lookup(e, c.path)
	if !ok {
		return c.op == "!=" // a missing field is unequal to everything
	}
	for _, want := range c.values {
		if compare(c.path, v, c.op, want) {
			return true
		}
	}
	return false
}

// Path is the comparison's field path as written (jsonPayload.event).
func (c cmp) Path() string { return strings.Join(c.path, ".") }

func lookup(e map[string]any, path []string) (any, bool) {
	var cur any = e
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// severities in Cloud Logging's order, for severity>=ERROR.
var severities = []string{"DEFAULT", "DEBUG", "INFO", "NOTICE", "WARNING", "ERROR", "CRITICAL", "ALERT", "EMERGENCY"}

func rank(s string) int {
	for i, x := range severities {
		if strings.EqualFold(x, s) {
			return i
		}
	}
	return -1
}

func compare(path []string, got any, op, want string) bool {
	var c int
	switch g := got.(type) {
	case float64:
		w, err := strconv.ParseFloat(want, 64)
		if err != nil {
			return false
		}
		switch {
		case g < w:
			c = -1
		case g > w:
			c = 1
		}
	case string:
		if op == ":" {
			return strings.Contains(strings.ToLower(g), strings.ToLower(want))
		}
		if len(path) == 1 && path[0] == "severity" {
			c = rank(g) - rank(want)
		} else {
			c = strings.Compare(g, want)
		}
	case bool:
		c = strings.Compare(strconv.FormatBool(g), strings.ToLower(want))
	default:
		return false
	}
	switch op {
	case "=", ":":
		return c == 0
	case "!=":
		return c != 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	}
	return false
}

// Parse reads a filter.
func Parse(filter string) (Expr, error) {
	p := &parser{toks: nil}
	if err := p.lex(filter); err != nil {
		return nil, err
	}
	e, err := p.and()
	if err != nil {
		return nil, err
	}
	if p.i != len(p.toks) {
		return nil, fmt.Errorf("unexpected %q at token %d", p.toks[p.i].s, p.i)
	}
	return e, nil
}

// Values returns the values a filter compares the field path with
// (e.g. every jsonPayload.event name it names).
func Values(e Expr, path string) []string {
	var out []string
	var walk func(Expr)
	walk = func(e Expr) {
		switch x := e.(type) {
		case and:
			for _, y := range x {
				walk(y)
			}
		case or:
			for _, y := range x {
				walk(y)
			}
		case not:
			walk(x.e)
		case cmp:
			if x.Path() == path {
				out = append(out, x.values...)
			}
		}
	}
	walk(e)
	return out
}

type token struct {
	s      string
	quoted bool
}

type parser struct {
	toks []token
	i    int
}

func (p *parser) lex(s string) error {
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case r == '(' || r == ')' || r == '.' || r == ':':
			p.toks = append(p.toks, token{s: string(r)})
			i++
		case r == '=' || r == '!' || r == '<' || r == '>':
			if i+1 < len(rs) && (rs[i+1] == '=' || rs[i+1] == '~') {
				p.toks = append(p.toks, token{s: string(rs[i : i+2])})
				i += 2
			} else if r == '!' {
				return fmt.Errorf("lone ! at %d", i)
			} else {
				p.toks = append(p.toks, token{s: string(r)})
				i++
			}
		case r == '"':
			var b strings.Builder
			i++
			for ; i < len(rs) && rs[i] != '"'; i++ {
				if rs[i] == '\\' && i+1 < len(rs) {
					i++
				}
				b.WriteRune(rs[i])
			}
			if i >= len(rs) {
				return fmt.Errorf("unterminated string")
			}
			i++
			p.toks = append(p.toks, token{s: b.String(), quoted: true})
		default:
			j := i
			for j < len(rs) && !unicode.IsSpace(rs[j]) && !strings.ContainsRune("().:=!<>\"", rs[j]) {
				j++
			}
			p.toks = append(p.toks, token{s: string(rs[i:j])})
			i = j
		}
	}
	return nil
}

func (p *parser) peek() (token, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return token{}, false
}

func (p *parser) keyword(k string) bool {
	if t, ok := p.peek(); ok && !t.quoted && t.s == k {
		p.i++
		return true
	}
	return false
}

// and := or { [AND] or }
func (p *parser) and() (Expr, error) {
	var out and
	for {
		e, err := p.or()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		p.keyword("AND")
		t, ok := p.peek()
		if !ok || (!t.quoted && t.s == ")") {
			break
		}
	}
	if len(out) == 1 {
		return out[0], nil
	}
	return out, nil
}

// or := unary { OR unary }
func (p *parser) or() (Expr, error) {
	e, err := p.unary()
	if err != nil {
		return nil, err
	}
	out := or{e}
	for p.keyword("OR") {
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 1 {
		return out[0], nil
	}
	return out, nil
}

func (p *parser) unary() (Expr, error) {
	if p.keyword("NOT") || p.keyword("-") {
		e, err := p.primary()
		return not{e}, err
	}
	return p.primary()
}

func (p *parser) primary() (Expr, error) {
	if p.keyword("(") {
		e, err := p.and()
		if err != nil {
			return nil, err
		}
		if !p.keyword(")") {
			return nil, fmt.Errorf("missing )")
		}
		return e, nil
	}
	var path []string
	for {
		t, ok := p.peek()
		if !ok || (!t.quoted && (t.s == "" || strings.ContainsAny(t.s, "().:=!<>"))) {
			return nil, fmt.Errorf("expected a field at token %d", p.i)
		}
		p.i++
		path = append(path, t.s)
		if !p.keyword(".") {
			break
		}
	}
	t, ok := p.peek()
	switch {
	case !ok || t.quoted:
		return nil, fmt.Errorf("expected an operator after %s", strings.Join(path, "."))
	case t.s == "=" || t.s == "!=" || t.s == ">" || t.s == ">=" || t.s == "<" || t.s == "<=" || t.s == ":":
		p.i++
	default:
		return nil, fmt.Errorf("operator %q after %s is not understood here", t.s, strings.Join(path, "."))
	}
	c := cmp{path: path, op: t.s}
	if p.keyword("(") {
		for {
			v, ok := p.peek()
			if !ok {
				return nil, fmt.Errorf("unterminated value list")
			}
			p.i++
			c.values = append(c.values, v.s)
			if p.keyword(")") {
				break
			}
			if !p.keyword("OR") {
				return nil, fmt.Errorf("value list of %s: want OR or )", c.Path())
			}
		}
		return c, nil
	}
	v, ok := p.peek()
	if !ok {
		return nil, fmt.Errorf("missing value after %s%s", c.Path(), c.op)
	}
	p.i++
	c.values = []string{v.s}
	return c, nil
}
