package deploy

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The permissions table (permissions.go) against the code, the deploy
// guide's commands and cloudbuild.yaml.

var (
	roleCreate  = regexp.MustCompile(`gcloud iam roles create (\S+) --project=(\S+)`)
	permsFlag   = regexp.MustCompile(`--permissions=(\S+)`)
	accountFlag = regexp.MustCompile(`--(service-account|oidc-service-account-email|oauth-service-account-email)=(\S+)`)
)

type customRole struct {
	permissions []string
	n           int // the command that creates it
}

// customRoles: the roles the guide creates, by the name a binding uses
// (projects/$PROJECT_ID/roles/ID), with their permissions.
func customRoles(t *testing.T, cmds []guideCommand) map[string]customRole {
	t.Helper()
	out := map[string]customRole{}
	for _, c := range cmds {
		m := roleCreate.FindStringSubmatch(c.text)
		if m == nil {
			continue
		}
		p := permsFlag.FindStringSubmatch(c.text)
		if p == nil {
			t.Errorf("the guide creates role %s with no --permissions", m[1])
			continue
		}
		perms := strings.Split(p[1], ",")
		sort.Strings(perms)
		out["projects/"+m[2]+"/roles/"+m[1]] = customRole{perms, c.n}
	}
	return out
}

// resources: where a row's role is bound, as bindings() names it.
func resources(t *testing.T, on string, secrets map[string]string) []string {
	t.Helper()
	switch {
	case on == "project", strings.HasPrefix(on, "run "):
		return []string{on}
	case on == "secrets":
		var out []string
		for _, ref := range secrets {
			name, _, _ := strings.Cut(ref, ":")
			out = append(out, "secrets "+name)
		}
		sort.Strings(out)
		return out
	case strings.HasPrefix(on, "gs://$"):
		return []string{"gs://" + guideVar(t, strings.TrimPrefix(on, "gs://$"))}
	case strings.HasPrefix(on, "$"):
		return []string{guideVar(t, on[1:])}
	}
	t.Fatalf("permissions.go: a row is bound on %q, which names nothing", on)
	return nil
}

// (a) Every Google client method the server's and the command line tool's
// code calls has a row (which says what it needs, or that it calls
// nothing Google authorises), and no row names a method the code no
// longer calls (unless it is a change under way, Pending).
func TestPermissionsTableCoversTheCode(t *testing.T) {
	calls := googleCallsInCode(t)
	row := func(pkg, method string) *Call {
		for i, c := range Calls {
			if c.Package == pkg && slices.Contains(c.Methods, method) {
				return &Calls[i]
			}
		}
		return nil
	}
	found := map[[2]string]bool{}
	for _, c := range calls {
		found[[2]string{c.pkg, c.method}] = true
		if row(c.pkg, c.method) == nil {
			t.Errorf("%s calls %s's %s, which the permissions table (backend/deploy/permissions.go) lacks: "+
				"add a row with the IAM permission it needs (or none) and grant it in docs/DEPLOY.md §6", c.at, c.pkg, c.method)
		}
	}
	for _, c := range Calls {
		if c.Package != "" && c.Account != RunSA {
			t.Errorf("permissions.go: %s %v runs as %s, but the Go code runs as the runtime account", c.Package, c.Methods, c.Account)
		}
		for _, m := range c.Methods {
			if !found[[2]string{c.Package, m}] {
				if c.Pending != "" {
					t.Logf("%s's %s is not in the code yet (%s)", c.Package, m, c.Pending)
					continue
				}
				t.Errorf("permissions.go names %s's %s, which the code no longer calls: drop it (and what only it needs)", c.Package, m)
			}
		}
	}
}

// (b) Every call's permissions are granted to its account, on its
// resource, by the role its row names: a binding in docs/DEPLOY.md's
// commands, of a custom role the guide creates first with those
// permissions, or of a predefined role whose published permissions hold
// them.
func TestPermissionsGranted(t *testing.T) {
	cmds := guideCommands(t)
	all := bindings(cmds)
	custom := customRoles(t, cmds)
	_, secrets := runSettings(t, loadCloudBuild(t))
	for _, c := range Calls {
		if len(c.Permissions) == 0 {
			continue
		}
		what := c.What
		if c.Package != "" {
			what = c.Package + " " + strings.Join(c.Methods, "/")
		}
		member := guideVar(t, c.Account)
		var granted []string
		if r, ok := custom[c.Role]; ok {
			granted = r.permissions
		} else if r, ok := Roles[c.Role]; ok && !r.Custom {
			granted = r.Permissions
		} else {
			t.Errorf("%s: role %s is neither created by the guide nor a predefined role of the table", what, c.Role)
		}
		for _, p := range c.Permissions {
			if !slices.Contains(granted, p) {
				t.Errorf("%s needs %s, which %s does not grant", what, p, c.Role)
			}
		}
		for _, res := range resources(t, c.On, secrets) {
			i := slices.IndexFunc(all, func(b binding) bool { return b.member == member && b.resource == res && b.role == c.Role })
			if i < 0 {
				t.Errorf("%s needs %v: docs/DEPLOY.md binds no %s to %s (%s) on %s", what, c.Permissions, c.Role, c.Account, member, res)
				continue
			}
			if r, ok := custom[c.Role]; ok && r.n > all[i].n {
				t.Errorf("docs/DEPLOY.md binds %s before it creates it", c.Role)
			}
		}
	}
}

// (c) No role is bound to the four accounts that the table does not need:
// each binding is some row's (account, role, resource); a custom role's
// permissions are exactly its rows'; a predefined one says in the table
// why it is accepted though it grants more.
func TestRolesGrantNoMoreThanTheTable(t *testing.T) {
	cmds := guideCommands(t)
	custom := customRoles(t, cmds)
	_, secrets := runSettings(t, loadCloudBuild(t))
	accounts := map[string]string{}
	for _, a := range []string{RunSA, TasksSA, BackupSA, BuildSA} {
		accounts[guideVar(t, a)] = a
	}
	needed := map[[3]string]bool{} // account, role, resource
	perms := map[string][]string{} // role → the rows' permissions
	for _, c := range Calls {
		if len(c.Permissions) == 0 {
			continue
		}
		for _, res := range resources(t, c.On, secrets) {
			needed[[3]string{c.Account, c.Role, res}] = true
		}
		for _, p := range c.Permissions {
			if !slices.Contains(perms[c.Role], p) {
				perms[c.Role] = append(perms[c.Role], p)
			}
		}
	}
	checked := 0
	for _, b := range bindings(cmds) {
		acct, ok := accounts[b.member]
		if !ok {
			continue
		}
		checked++
		if !needed[[3]string{acct, b.role, b.resource}] {
			t.Errorf("docs/DEPLOY.md binds %s to %s on %s, which no call in the permissions table needs: remove it, or add the call", b.role, acct, b.resource)
		}
	}
	if checked == 0 {
		t.Fatal("docs/DEPLOY.md binds no role to the four accounts")
	}
	for name, r := range custom {
		want := slices.Clone(perms[name])
		sort.Strings(want)
		if !slices.Equal(r.permissions, want) {
			t.Errorf("custom role %s grants %v; the table's calls need exactly %v", name, r.permissions, want)
		}
		if tr, ok := Roles[name]; !ok || !tr.Custom || !slices.Equal(sorted(tr.Permissions), want) {
			t.Errorf("permissions.go's Roles does not list %s as custom with %v", name, want)
		}
	}
	for name, r := range Roles {
		switch {
		case r.Custom:
			if _, ok := custom[name]; !ok {
				t.Errorf("docs/DEPLOY.md never creates the custom role %s", name)
			}
		case r.Accepted == "":
			t.Errorf("predefined role %s: say in permissions.go why it is accepted though it grants more than the calls need", name)
		case len(perms[name]) == 0:
			t.Errorf("permissions.go lists role %s, which no call uses", name)
		}
	}
}

func sorted(s []string) []string { s = slices.Clone(s); sort.Strings(s); return s }

// (d) cloudbuild.yaml runs the service, the market job and the scheduler
// jobs as the accounts the table's rows name, tasks carry the tasks
// account's token, and no step names an account the table does not.
func TestBuildRunsAsTheTable(t *testing.T) {
	cb := loadCloudBuild(t)
	env, _ := runSettings(t, cb)
	values := map[string]string{"PROJECT_ID": "$PROJECT_ID", "PROJECT_NUMBER": "$PROJECT_NUMBER", "SHORT_SHA": "abc1234"}
	for k, v := range cb.Substitutions {
		values[k] = v
	}
	runAs := map[[2]string][]string{} // step, flag → the rows' accounts
	for _, c := range Calls {
		if c.RunAs[0] == "" {
			continue
		}
		want := guideVar(t, c.Account)
		if got := cloudBuildAccount(t, cb, c.RunAs[0], c.RunAs[1], c.RunAs[2]); got != want {
			t.Errorf("%s: cloudbuild.yaml's %s %s is %s; the table makes it as %s (%s)", c.What, c.RunAs[0], c.RunAs[1], got, c.Account, want)
		}
		k := [2]string{c.RunAs[0], strings.TrimPrefix(c.RunAs[1], "--")}
		runAs[k] = append(runAs[k], want)
		// Tasks are created with an OIDC token for the account the
		// server may act as.
		if c.Role == "roles/iam.serviceAccountUser" && c.Account == RunSA {
			if got, want := strings.ReplaceAll(env["TASKS_SERVICE_ACCOUNT"], "listinglift-prod", "$PROJECT_ID"), guideVar(t, strings.TrimPrefix(c.On, "$")); got != want {
				t.Errorf("deploy-run's TASKS_SERVICE_ACCOUNT is %s; the runtime account may act as %s", got, want)
			}
		}
	}
	// What the build grants as it deploys, like what the guide grants: only
	// what a row needs.
	_, secrets := runSettings(t, cb)
	needed := map[[3]string]bool{} // member, role, resource
	for _, c := range Calls {
		if len(c.Permissions) == 0 {
			continue
		}
		for _, res := range resources(t, c.On, secrets) {
			needed[[3]string{guideVar(t, c.Account), c.Role, res}] = true
		}
	}
	for _, s := range cb.Steps {
		script, err := substitute(s.script(), values)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range accountFlag.FindAllStringSubmatch(script, -1) {
			if !slices.Contains(runAs[[2]string{s.ID, m[1]}], m[2]) {
				t.Errorf("cloudbuild.yaml's %s runs something as %s (--%s), which no row of the permissions table makes as that account", s.ID, m[2], m[1])
			}
		}
		var lines []guideCommand
		for _, l := range strings.Split(strings.ReplaceAll(script, "\\\n", " "), "\n") {
			lines = append(lines, guideCommand{len(lines), strings.TrimSpace(l)})
		}
		for _, b := range bindings(lines) {
			if !needed[[3]string{b.member, b.role, b.resource}] {
				t.Errorf("cloudbuild.yaml's %s binds %s to %s on %s, which no call in the permissions table needs", s.ID, b.role, b.member, b.resource)
			}
		}
	}
}
