package deploy

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The deploy guide's commands, read the way a person follows them: every
// ```sh block in order, continuation lines joined, comments dropped, for
// loops unrolled, the exported shell variables expanded (PROJECT_ID,
// REGION and PROJECT_NUMBER stay as they are written).

type guideCommand struct {
	n    int // position in the guide
	text string
}

var (
	shBlock     = regexp.MustCompile("(?s)```sh\n(.*?)```")
	shVar       = regexp.MustCompile(`\$\{(\w+)\}|\$(\w+)`)
	exportLine  = regexp.MustCompile(`^export (\w+)=(\S+)`)
	forLoop     = regexp.MustCompile(`^for (\w+) in (.*); do$`)
	funcDef     = regexp.MustCompile(`^\w+\(\) \{`)
	trailingRem = regexp.MustCompile(`\s+#\s.*$`)
	literalVars = map[string]bool{"PROJECT_ID": true, "REGION": true, "PROJECT_NUMBER": true}
)

func guideCommands(t *testing.T) []guideCommand {
	t.Helper()
	doc := string(read(t, "docs/DEPLOY.md"))
	vars := map[string]string{}
	expand := func(s string) string {
		return shVar.ReplaceAllStringFunc(s, func(m string) string {
			sub := shVar.FindStringSubmatch(m)
			name := sub[1] + sub[2]
			if v, ok := vars[name]; ok {
				return v
			}
			return "$" + name
		})
	}
	var out []guideCommand
	funcs := map[string][]string{} // a helper's name → its body
	for _, block := range shBlock.FindAllStringSubmatch(doc, -1) {
		var lines []string
		cur := ""
		for _, l := range strings.Split(block[1], "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "#") {
				continue
			}
			l = trailingRem.ReplaceAllString(l, "")
			if s, ok := strings.CutSuffix(l, `\`); ok {
				cur += strings.TrimSpace(s) + " "
				continue
			}
			if cur += strings.TrimSpace(l); cur != "" {
				lines = append(lines, cur)
			}
			cur = ""
		}
		for i := 0; i < len(lines); i++ {
			line := lines[i]
			if funcDef.MatchString(line) { // a helper's body runs where it is called, with its arguments
				name := line[:strings.Index(line, "(")]
				for i++; i < len(lines) && lines[i] != "}"; i++ {
					funcs[name] = append(funcs[name], lines[i])
				}
				continue
			}
			if words := shellWords(line); len(words) > 0 && funcs[words[0]] != nil {
				for _, b := range funcs[words[0]] {
					for n, arg := range words[1:] {
						b = strings.ReplaceAll(b, `"$`+strconv.Itoa(n+1)+`"`, arg)
						b = strings.ReplaceAll(b, "$"+strconv.Itoa(n+1), arg)
					}
					out = append(out, guideCommand{len(out), expand(b)})
				}
				continue
			}
			if m := exportLine.FindStringSubmatch(line); m != nil && !strings.Contains(m[2], "$(") && !literalVars[m[1]] {
				vars[m[1]] = expand(m[2])
				continue
			}
			if m := forLoop.FindStringSubmatch(line); m != nil {
				var body []string
				for i++; i < len(lines) && lines[i] != "done"; i++ {
					body = append(body, lines[i])
				}
				for _, item := range strings.Fields(m[2]) {
					for _, b := range body {
						vars[m[1]] = item
						out = append(out, guideCommand{len(out), expand(b)})
					}
				}
				delete(vars, m[1])
				continue
			}
			out = append(out, guideCommand{len(out), expand(line)})
		}
	}
	if len(out) == 0 {
		t.Fatal("docs/DEPLOY.md has no ```sh commands")
	}
	return out
}

// guideVar is the value the guide exports for name, expanded.
func guideVar(t *testing.T, name string) string {
	t.Helper()
	doc := string(read(t, "docs/DEPLOY.md"))
	m := regexp.MustCompile(`(?m)^export ` + name + `=(\S+)`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("docs/DEPLOY.md exports no %s", name)
	}
	return shVar.ReplaceAllStringFunc(m[1], func(v string) string {
		sub := shVar.FindStringSubmatch(v)
		if n := sub[1] + sub[2]; !literalVars[n] {
			return guideVar(t, n)
		}
		return "$" + sub[1] + sub[2]
	})
}

type binding struct {
	resource, member, role string
	n                      int
}

var (
	bindingCmd = regexp.MustCompile(`gcloud (.+?) add-iam-policy-binding (\S+)`)
	memberFlag = regexp.MustCompile(`--member=(\S+)`)
	roleFlag   = regexp.MustCompile(`--role=(\S+)`)
)

// bindings lists the role bindings in commands: resource is "project",
// a gs:// bucket, a service account, or the kind and name of another.
func bindings(cmds []guideCommand) []binding {
	var out []binding
	for _, c := range cmds {
		m := bindingCmd.FindStringSubmatch(c.text)
		if m == nil {
			continue
		}
		mem, role := memberFlag.FindStringSubmatch(c.text), roleFlag.FindStringSubmatch(c.text)
		if mem == nil || role == nil {
			continue
		}
		res := m[1] + " " + strings.Trim(m[2], `"'`)
		switch m[1] {
		case "projects":
			res = "project"
		case "storage buckets", "iam service-accounts":
			res = strings.Trim(m[2], `"'`)
		}
		out = append(out, binding{res, strings.TrimPrefix(mem[1], "serviceAccount:"), role[1], c.n})
	}
	return out
}

// cloudBuildAccount is the service account e-mail a flag of step id names,
// as the guide writes it ($PROJECT_ID kept).
func cloudBuildAccount(t *testing.T, cb cloudBuild, id, flag, near string) string {
	t.Helper()
	values := map[string]string{"PROJECT_ID": "$PROJECT_ID", "PROJECT_NUMBER": "$PROJECT_NUMBER", "SHORT_SHA": "abc1234"}
	for k, v := range cb.Substitutions {
		values[k] = v
	}
	script, err := substitute(cb.step(t, id).script(), values)
	if err != nil {
		t.Fatal(err)
	}
	if near != "" {
		i := strings.Index(script, near)
		if i < 0 {
			t.Fatalf("step %s does not mention %s", id, near)
		}
		script = script[i:]
	}
	m := regexp.MustCompile(regexp.QuoteMeta(flag) + `=(\S+)`).FindStringSubmatch(script)
	if m == nil {
		t.Fatalf("step %s has no %s", id, flag)
	}
	return m[1]
}

// dataRole: a role that reads, writes, imports or exports documents or
// objects (as opposed to managing indexes, rules or deployments).
func dataRole(role string) bool {
	switch role {
	case "roles/owner", "roles/editor", "roles/viewer":
		return true
	}
	return strings.HasPrefix(role, "roles/storage.") ||
		strings.HasPrefix(role, "roles/datastore.") && role != "roles/datastore.indexAdmin"
}

// Least privilege: the build account deploys but holds no role that reads
// or writes data (indexes and rules only: roles/datastore.indexAdmin,
// roles/firebaserules.admin; objects only in the bucket of uploaded
// sources); the internet-facing runtime account can neither export nor
// import (an import overwrites production documents); the nightly export
// runs as its own account, whose only roles are the export and the backup
// bucket.
func TestServiceAccountsLeastPrivilege(t *testing.T) {
	cb := loadCloudBuild(t)
	cmds := guideCommands(t)
	all := bindings(cmds)
	roles := func(member, resource string) []string {
		var out []string
		for _, b := range all {
			if b.member == member && (resource == "" || b.resource == resource) {
				out = append(out, b.role)
			}
		}
		return out
	}
	runSA := cloudBuildAccount(t, cb, "deploy-run", "--service-account", "")
	tasksSA := cloudBuildAccount(t, cb, "schedules", "--oidc-service-account-email", "listinglift-sweep")
	exportSA := cloudBuildAccount(t, cb, "schedules", "--oauth-service-account-email", ":exportDocuments")
	buildSA := guideVar(t, "BUILD_SA")
	pdfs, backups := "gs://"+guideVar(t, "BUCKET"), "gs://"+guideVar(t, "BACKUP_BUCKET")
	if runSA != guideVar(t, "RUN_SA") || tasksSA != guideVar(t, "TASKS_SA") {
		t.Fatalf("cloudbuild.yaml's accounts (%s, %s) are not the guide's RUN_SA and TASKS_SA", runSA, tasksSA)
	}

	for _, b := range all {
		if b.member != buildSA {
			continue
		}
		if b.resource == "project" && dataRole(b.role) {
			t.Errorf("the build account holds %s on the project: it deploys, it needs no access to documents or objects", b.role)
		}
		if b.resource == pdfs || b.resource == backups {
			t.Errorf("the build account holds %s on %s (hosts' PDFs or the database's exports)", b.role, b.resource)
		}
	}
	for _, want := range []string{"roles/datastore.indexAdmin", "roles/firebaserules.admin"} {
		if !slices.Contains(roles(buildSA, "project"), want) {
			t.Errorf("the build account lacks %s (deploy-firestore deploys indexes and rules with it)", want)
		}
	}

	for _, b := range all {
		if b.member != runSA {
			continue
		}
		if b.role == "roles/datastore.importExportAdmin" || b.role == "roles/datastore.owner" ||
			b.role == "roles/owner" || b.role == "roles/editor" {
			t.Errorf("the runtime account (internet-facing) holds %s on %s: it could import over production", b.role, b.resource)
		}
		if b.resource == backups {
			t.Errorf("the runtime account holds %s on the backup bucket", b.role)
		}
	}

	if exportSA == runSA || exportSA == buildSA || exportSA == tasksSA {
		t.Errorf("the nightly export runs as %s: give it an account of its own", exportSA)
	}
	if got := roles(exportSA, "project"); !slices.Equal(got, []string{"roles/datastore.importExportAdmin"}) {
		t.Errorf("the export account's project roles are %v, want only roles/datastore.importExportAdmin", got)
	}
	if len(roles(exportSA, backups)) == 0 {
		t.Errorf("the export account may not write to %s", backups)
	}
	for _, b := range all {
		if b.member == exportSA && b.resource != "project" && b.resource != backups {
			t.Errorf("the export account holds %s on %s: its writes belong in the backup bucket only", b.role, b.resource)
		}
	}

	// The build creates the Cloud Scheduler jobs and deploys the service as
	// these accounts: it must be allowed to act as each.
	for _, sa := range []string{runSA, tasksSA, exportSA} {
		if !slices.Contains(roles(buildSA, sa), "roles/iam.serviceAccountUser") {
			t.Errorf("the build account may not act as %s (roles/iam.serviceAccountUser on it)", sa)
		}
	}
	// The build itself grants nothing that reads or writes data.
	for _, s := range cb.Steps {
		for _, m := range roleFlag.FindAllStringSubmatch(s.script(), -1) {
			if dataRole(m[1]) {
				t.Errorf("step %s grants %s", s.ID, m[1])
			}
		}
	}
}

var (
	createBucket = regexp.MustCompile(`gcloud storage buckets create gs://([^/\s"']+)`)
	createSA     = regexp.MustCompile(`gcloud iam service-accounts create (\S+)`)
	createDB     = regexp.MustCompile(`gcloud firestore databases create`)
	useBucket    = regexp.MustCompile(`gs://([^/\s"'|]+)`)
	useSA        = regexp.MustCompile(`[\w$.{}-]+@\$PROJECT_ID\.iam\.gserviceaccount\.com`)
	databaseFlag = regexp.MustCompile(`--database='?([^'\s]+)'?`)
)

// The guide creates each bucket, service account and database before a
// command binds a role on it, names it as a member, or uses it (the first
// deploy included: it runs as, schedules as and writes to what
// cloudbuild.yaml names).
func TestDeployGuideCreatesBeforeUse(t *testing.T) {
	cb := loadCloudBuild(t)
	cmds := guideCommands(t)
	created := map[string]int{}
	note := func(res string, n int) {
		if _, ok := created[res]; !ok {
			created[res] = n
		}
	}
	for _, c := range cmds {
		for _, m := range createBucket.FindAllStringSubmatch(c.text, -1) {
			note("gs://"+m[1], c.n)
		}
		for _, m := range createSA.FindAllStringSubmatch(c.text, -1) {
			note(m[1]+"@$PROJECT_ID.iam.gserviceaccount.com", c.n)
		}
		if createDB.MatchString(c.text) {
			db := "(default)"
			if m := databaseFlag.FindStringSubmatch(c.text); m != nil {
				db = m[1]
			}
			note("database "+db, c.n)
		}
	}
	// What the build uses as it deploys: its accounts and the buckets its
	// substitutions name.
	var buildUses []string
	for _, id := range []string{"deploy-run", "schedules"} {
		for _, flag := range []string{"--service-account", "--oidc-service-account-email", "--oauth-service-account-email"} {
			values := map[string]string{"PROJECT_ID": "$PROJECT_ID", "PROJECT_NUMBER": "$PROJECT_NUMBER", "SHORT_SHA": "abc1234"}
			for k, v := range cb.Substitutions {
				values[k] = v
			}
			script, err := substitute(cb.step(t, id).script(), values)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range regexp.MustCompile(regexp.QuoteMeta(flag)+`=(\S+)`).FindAllStringSubmatch(script, -1) {
				buildUses = append(buildUses, m[1])
			}
		}
	}
	checked := 0
	for _, c := range cmds {
		var uses []string
		if !createBucket.MatchString(c.text) {
			for _, m := range useBucket.FindAllStringSubmatch(c.text, -1) {
				uses = append(uses, "gs://"+m[1])
			}
		}
		if !createSA.MatchString(c.text) {
			uses = append(uses, useSA.FindAllString(c.text, -1)...)
		}
		if strings.Contains(c.text, "gcloud firestore") && !createDB.MatchString(c.text) {
			if m := databaseFlag.FindStringSubmatch(c.text); m != nil {
				uses = append(uses, "database "+m[1])
			} else if strings.Contains(c.text, "gcloud firestore databases update") {
				uses = append(uses, "database (default)")
			}
		}
		if strings.Contains(c.text, "gcloud builds submit") {
			uses = append(uses, buildUses...)
			uses = append(uses, "database (default)")
			for _, sub := range []string{"_GCS_BUCKET", "_BACKUP_BUCKET"} {
				m := regexp.MustCompile(sub + `=([^|,"\s]+)`).FindStringSubmatch(c.text)
				if m == nil {
					t.Errorf("the guide's gcloud builds submit sets no %s", sub)
					continue
				}
				uses = append(uses, "gs://"+m[1])
			}
		}
		for _, u := range uses {
			if strings.Contains(u, "…") || strings.Contains(u, "<") {
				continue // a placeholder the reader fills in
			}
			checked++
			at, ok := created[u]
			switch {
			case !ok:
				t.Errorf("the guide uses %s but never creates it:\n  %s", u, c.text)
			case at > c.n:
				t.Errorf("the guide uses %s before it creates it:\n  %s\n(created by: %s)", u, c.text, cmds[at].text)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no use of a bucket, account or database found in docs/DEPLOY.md")
	}
}
