package report

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/writing"
)

// copyWork is the report's copy: the request it was written from (whose
// one fact checker, with its fact sheet, the writer and the enforcement
// share), the copy as enforced, which parts passed the checker, and on a
// Basic report how many titles a Premium one would hold (the upgrade's
// offer, offer.go).
type copyWork struct {
	req           writing.Request
	copy          writing.Copy
	checked       map[string]bool
	premiumTitles *int

	// builtin is the built-in writer's copy of req, the fallback for any
	// part that breaks the contract: the writer's own copy when that is
	// the built-in writer, else written when first needed.
	builtin *writing.Copy
}

// writeCopy has the writer write the copy, holds it to the contract
// (enforce) and, on a Basic report, counts the titles a Premium one would
// hold.
func (a *analyses) writeCopy(ctx context.Context) error {
	req := writing.NewRequest(a.l, a.features, a.includes.TitleSuggestions, a.guests, a.desc).WithChecker(a.checker)
	a.in.progress(ctx, domain.StageWriting)
	cp, err := a.in.Writer.Write(ctx, req)
	if err != nil {
		return fmt.Errorf("report: writing copy: %w", err)
	}
	w := copyWork{req: req}
	if _, ok := a.in.Writer.(writing.Builtin); ok {
		w.builtin = cloneCopy(cp) // the same request always gives the same copy
	}
	w.copy, w.checked = w.enforce(ctx, cp)
	if a.in.Plan == domain.PlanBasic {
		w.premiumTitles = premiumTitles(ctx, req) // the upgrade's offer (offer.go)
	}
	a.copy = w
	return nil
}

// cloneCopy is a copy of c whose maps and lists are its own.
func cloneCopy(c writing.Copy) *writing.Copy {
	c.Titles, c.Notes, c.Writers = slices.Clone(c.Titles), slices.Clone(c.Notes), maps.Clone(c.Writers)
	return &c
}

// fallback is the built-in writer's copy of w.req, written once.
func (w *copyWork) fallback(ctx context.Context) writing.Copy {
	if w.builtin == nil {
		b, _ := writing.Builtin{}.Write(ctx, w.req)
		w.builtin = &b
	}
	return *w.builtin
}

// enforce holds every writer to the contract: exactly n distinct
// titles within the site's limits that pass the fact checker, and a
// description and amenity copy that pass it. Parts that break it are
// replaced from the built-in writer, and the replacement is noted.
// checked says which parts passed the fact checker here, as they are
// returned, the built-in writer's included: only those are labelled as
// checked (writerLabels).
func (w *copyWork) enforce(ctx context.Context, c writing.Copy) (writing.Copy, map[string]bool) {
	req := w.req
	if c.Writers == nil {
		c.Writers = map[string]string{}
	}
	var ok []string
	seen := map[string]bool{}
	bad := 0
	check := req.Checker() // the request's: the listing's facts, read once for the writer and every part
	for _, t := range c.Titles {
		k := strings.ToLower(strings.TrimSpace(t))
		if seen[k] || check.Title(t) != nil {
			bad++
			continue
		}
		seen[k] = true
		ok = append(ok, strings.TrimSpace(t))
	}
	if len(ok) > req.Titles {
		ok = ok[:req.Titles]
	}
	// The description and the amenity copy of any writer but the built-in
	// one pass the same fact checker, or the built-in part replaces them:
	// no copy is labelled a writer's that the checker refused.
	builtin := func() writing.Copy { return w.fallback(ctx) }
	if c.Writers[writing.PartDescription] != writing.NameBuiltin && c.Description != "" {
		if err := check.Description(c.Description); err != nil {
			c.Description, c.Writers[writing.PartDescription] = builtin().Description, writing.NameBuiltin
			c.Notes = append(c.Notes, "The description failed the report's checks ("+err.Error()+"); "+writing.TemplateWriter+"'s is used.")
		}
	}
	if c.Writers[writing.PartAmenityCopy] != writing.NameBuiltin && c.AmenityCopy != "" {
		if err := check.Text(c.AmenityCopy); err != nil {
			c.AmenityCopy, c.Writers[writing.PartAmenityCopy] = builtin().AmenityCopy, writing.NameBuiltin
			c.Notes = append(c.Notes, "The amenity copy failed the report's checks ("+err.Error()+"); "+writing.TemplateWriter+"'s is used.")
		}
	}
	if len(ok) < req.Titles || bad > 0 {
		fb := builtin()
		for _, t := range fb.Titles {
			if len(ok) >= req.Titles {
				break
			}
			if !seen[strings.ToLower(t)] {
				seen[strings.ToLower(t)] = true
				ok = append(ok, t)
			}
		}
		if bad > 0 {
			c.Notes = append(c.Notes, fmt.Sprintf("%d title suggestions failed the report's checks and were replaced by ones from %s.", bad, writing.TemplateWriter))
			if c.Writers[writing.PartTitles] != writing.NameBuiltin {
				c.Writers[writing.PartTitles] = strings.TrimSuffix(c.Writers[writing.PartTitles], "+"+writing.NameBuiltin) + "+" + writing.NameBuiltin
			}
		}
		if c.Description == "" {
			c.Description, c.Writers[writing.PartDescription] = fb.Description, writing.NameBuiltin
		}
	}
	// The built-in writer's running text passes the same checker: a line
	// it refuses is left out, said in a note, never shown.
	for _, part := range []struct {
		key  string
		text *string
		name string
	}{{writing.PartDescription, &c.Description, "description"}, {writing.PartAmenityCopy, &c.AmenityCopy, "amenity copy"}} {
		if c.Writers[part.key] != writing.NameBuiltin || *part.text == "" {
			continue
		}
		if kept, refused := check.KeepChecked(*part.text); len(refused) > 0 {
			*part.text = kept
			c.Notes = append(c.Notes, fmt.Sprintf("%d lines of the %s from %s were left out: they failed the report's checks (first: %v).", len(refused), part.name, writing.TemplateWriter, refused[0]))
		}
	}
	if ok == nil {
		ok = []string{}
	}
	c.Titles = ok
	// What was not checked above (the built-in writer's parts, which
	// replaced a model's or were written by it) is checked now: a label
	// claims the check only for a part that passed it in this report.
	checked := map[string]bool{
		writing.PartTitles:      len(c.Titles) > 0,
		writing.PartDescription: c.Description != "" && check.Description(c.Description) == nil,
		writing.PartAmenityCopy: c.AmenityCopy != "" && check.Text(c.AmenityCopy) == nil,
	}
	for _, t := range c.Titles {
		if check.Title(t) != nil {
			checked[writing.PartTitles] = false
			break
		}
	}
	return c, checked
}

// writerLabels are the report's words for who wrote each part of c and
// what was checked (writing.WriterLabel), for the parts that passed the
// fact checker (checked); a part that did not, or whose writer has no
// label, has none, and every screen then claims no check. Never nil.
func writerLabels(c writing.Copy, checked map[string]bool) map[string]string {
	labels := map[string]string{}
	for part, name := range c.Writers {
		if l := writing.WriterLabel(name); l != "" && checked[part] {
			labels[part] = l
		}
	}
	return labels
}
