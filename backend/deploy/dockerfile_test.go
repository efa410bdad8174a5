package deploy

import (
	"bufio"
	"bytes"
	"context"
	"debug/elf"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	Line  int    // where it starts
	Cmd   string // upper case: FROM, RUN, COPY…
	Args  string
	Stage int // index of the FROM it belongs to
}

// parseDockerfile reads Dockerfile syntax far enough for these checks:
// comments, parser directives and blank lines dropped, lines ending in a
// backslash joined to the next.
func parseDockerfile(t *testing.T, src string) []instruction {
	t.Helper()
	var out []instruction
	stage := -1
	var cur strings.Builder
	start := 0
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") || (cur.Len() == 0 && trimmed == "") {
			continue
		}
		if cur.Len() == 0 {
			start = n
		}
		if strings.HasSuffix(trimmed, `\`) {
			cur.WriteString(strings.TrimSuffix(trimmed, `\`) + " ")
			continue
		}
		cur.WriteString(trimmed)
		cmd, args, _ := strings.Cut(cur.String(), " ")
		cmd = strings.ToUpper(cmd)
		if cmd == "FROM" {
			stage++
		}
		out = append(out, instruction{Line: start, Cmd: cmd, Args: strings.TrimSpace(args), Stage: stage})
		cur.Reset()
	}
	if cur.Len() > 0 {
		t.Fatalf("Dockerfile ends inside a continued line: %q", cur.String())
	}
	return out
}

func dockerfile(t *testing.T) []instruction {
	t.Helper()
	return parseDockerfile(t, string(read(t, "Dockerfile")))
}

// goBuildLine is the RUN line that builds the server binary.
func goBuildLine(t *testing.T, ins []instruction) instruction {
	t.Helper()
	for _, in := range ins {
		if in.Cmd == "RUN" && strings.Contains(in.Args, "go build") && strings.Contains(in.Args, "./backend/cmd/server") {
			return in
		}
	}
	t.Fatal("no RUN line builds ./backend/cmd/server")
	return instruction{}
}

// The image is multi-stage (Node builds the front end, Go a static binary)
// and runs on a distroless base as a non-root user, on $PORT, with the
// built app where WEB_DIR says.
func TestDockerfileEssentials(t *testing.T) {
	ins := dockerfile(t)
	var froms []instruction
	for _, in := range ins {
		if in.Cmd == "FROM" {
			froms = append(froms, in)
		}
		// ADD fetches URLs and unpacks archives; COPY does only what it says.
		if in.Cmd == "ADD" {
			t.Errorf("line %d: ADD %s: use COPY (no URLs, no implicit unpacking)", in.Line, in.Args)
		}
		if in.Cmd == "RUN" && regexp.MustCompile(`\b(curl|wget)\b`).MatchString(in.Args) {
			t.Errorf("line %d: the build downloads something by hand: %s", in.Line, in.Args)
		}
	}
	if len(froms) < 3 {
		t.Fatalf("want a multi-stage build (front end, server, runtime), got %d FROM lines", len(froms))
	}
	images := map[string]string{} // stage name → image
	for _, f := range froms {
		fields := strings.Fields(f.Args)
		image := fields[0]
		name := ""
		if len(fields) == 3 && strings.EqualFold(fields[1], "AS") {
			name = fields[2]
		}
		images[name] = image
		// Pinned by tag (or digest): never implicitly or explicitly latest.
		ref := image[strings.LastIndex(image, "/")+1:]
		if !strings.Contains(ref, ":") && !strings.Contains(ref, "@sha256:") || strings.HasSuffix(ref, ":latest") {
			t.Errorf("line %d: %s is not pinned to a tag", f.Line, image)
		}
	}
	if !strings.HasPrefix(images["web"], "node:20") {
		t.Errorf("front-end stage %q should build on node:20 (the Node the project uses)", images["web"])
	}
	// The Go image follows go.mod's go line (major.minor).
	goLine := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(read(t, "go.mod"))
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	if !strings.HasPrefix(images["server"], "golang:"+string(goLine[1])) {
		t.Errorf("server stage %q should be golang:%s (go.mod)", images["server"], goLine[1])
	}
	last := froms[len(froms)-1]
	if img := strings.Fields(last.Args)[0]; !strings.HasPrefix(img, "gcr.io/distroless/static-debian12:nonroot") {
		t.Errorf("runtime stage is %s, want gcr.io/distroless/static-debian12:nonroot", img)
	}

	webStage := map[string]bool{}
	for _, in := range ins {
		if in.Stage == 0 && in.Cmd == "RUN" {
			webStage[in.Args] = true
		}
	}
	if !anyContains(webStage, "npm ci") {
		t.Error("the front end is not installed with npm ci (from the lock file)")
	}
	if !anyContains(webStage, "npm run build") {
		t.Error("the front end is not built with npm run build")
	}

	build := goBuildLine(t, ins).Args
	for _, want := range []string{"CGO_ENABLED=0", "-trimpath", `-ldflags="-s -w -X main.buildVersion=${VERSION}"`, "./backend/cmd/server"} {
		if !strings.Contains(build, want) {
			t.Errorf("the server build %q lacks %s", build, want)
		}
	}

	// The runtime stage.
	final := last.Stage
	env := map[string]string{}
	var user, entrypoint string
	var exposed []string
	copies := map[string]string{} // destination → source stage
	for _, in := range ins {
		if in.Stage != final {
			continue
		}
		switch in.Cmd {
		case "ENV":
			for k, v := range parseEnv(in.Args) {
				env[k] = v
			}
		case "USER":
			user = in.Args
		case "EXPOSE":
			exposed = append(exposed, strings.Fields(in.Args)...)
		case "ENTRYPOINT":
			entrypoint = in.Args
		case "COPY":
			f := strings.Fields(in.Args)
			from := ""
			for _, a := range f {
				if v, ok := strings.CutPrefix(a, "--from="); ok {
					from = v
				}
			}
			copies[f[len(f)-1]] = from
		}
	}
	if u, _, _ := strings.Cut(user, ":"); u != "nonroot" && u != "65532" {
		t.Errorf("runtime USER is %q, want nonroot (65532)", user)
	}
	if env["APP_ENV"] != "production" {
		t.Errorf("APP_ENV=%q in the image, want production by default", env["APP_ENV"])
	}
	if env["WEB_DIR"] == "" || copies[env["WEB_DIR"]] != "web" {
		t.Errorf("WEB_DIR=%q is not where the front-end build is copied (%v)", env["WEB_DIR"], copies)
	}
	if env["PORT"] == "" || len(exposed) != 1 || exposed[0] != env["PORT"] {
		t.Errorf("PORT=%q and EXPOSE %v should agree", env["PORT"], exposed)
	}
	var argv []string
	if err := json.Unmarshal([]byte(entrypoint), &argv); err != nil || len(argv) == 0 {
		t.Fatalf("ENTRYPOINT %q should be exec form (a JSON array): no shell in distroless", entrypoint)
	}
	if copies[argv[0]] != "server" {
		t.Errorf("ENTRYPOINT runs %s, which is not the binary copied from the server stage (%v)", argv[0], copies)
	}
}

func anyContains(set map[string]bool, sub string) bool {
	for s := range set {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// parseEnv reads ENV k=v k2=v2 (the only form the Dockerfile uses).
func parseEnv(args string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Fields(args) {
		if k, v, ok := strings.Cut(kv, "="); ok {
			out[k] = strings.Trim(v, `"`)
		}
	}
	return out
}

// The build context holds sources only: no local databases, builds,
// node_modules or the repository's history.
func TestDockerignore(t *testing.T) {
	lines := dockerignorePatterns(t)
	if len(lines) == 0 || lines[0] != "*" {
		t.Fatalf(".dockerignore should start by excluding everything (*), then let sources through: %v", lines)
	}
	has := map[string]bool{}
	for _, l := range lines {
		has[l] = true
	}
	for _, want := range []string{"!go.mod", "!go.sum", "!backend/", "!frontend/", "frontend/node_modules", "frontend/dist"} {
		if !has[want] {
			t.Errorf(".dockerignore lacks %q", want)
		}
	}
	// The Dockerfile's optional market database must be let through, last
	// (the last matching line wins).
	if lines[len(lines)-1] != "!var/market.db" {
		t.Errorf(".dockerignore's last line should be !var/market.db, got %q", lines[len(lines)-1])
	}
}

// dockerignored reports whether .dockerignore keeps rel (a slash path from
// the repository root) out of the build context: the last pattern that
// matches rel or one of its parent folders decides ("**/" matches at any
// depth, "!" lets through again).
func dockerignored(patterns []string, rel string) bool {
	segs := strings.Split(rel, "/")
	matches := func(p string) bool {
		p = strings.TrimSuffix(p, "/")
		anywhere := false
		if q, ok := strings.CutPrefix(p, "**/"); ok {
			p, anywhere = q, true
		}
		for i := range segs {
			if i > 0 && !anywhere {
				break
			}
			for j := i + 1; j <= len(segs); j++ {
				if ok, _ := path.Match(p, strings.Join(segs[i:j], "/")); ok {
					return true
				}
			}
		}
		return false
	}
	ignored := false
	for _, p := range patterns {
		if q, ok := strings.CutPrefix(p, "!"); ok {
			if matches(q) {
				ignored = false
			}
		} else if matches(p) {
			ignored = true
		}
	}
	return ignored
}

func dockerignorePatterns(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(string(read(t, ".dockerignore")), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// The front end's build (tsc -b covers its tests too) reads files outside
// frontend/: the report samples in backend/report/testdata/golden and the
// report's JSON Schema. The web stage must copy each such folder or file
// to the same place relative to
// /src/frontend, and the build context must let it through.
func TestDockerWebStageHasWhatTheFrontEndImports(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	imports := regexp.MustCompile(`(?:from|import)\s*\(?\s*['"](\.\.?/[^'"]+)['"]`)
	needed := map[string]bool{}
	err = filepath.WalkDir(filepath.Join(root, "frontend", "src"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(p); d.IsDir() || (ext != ".ts" && ext != ".tsx") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range imports.FindAllStringSubmatch(string(b), -1) {
			rel, err := filepath.Rel(root, filepath.Join(filepath.Dir(p), m[1]))
			if err == nil && !strings.HasPrefix(filepath.ToSlash(rel), "frontend/") {
				needed[filepath.ToSlash(rel)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	type copyLine struct{ src, dst string }
	var copies []copyLine
	for _, in := range dockerfile(t) {
		if in.Stage != 0 || in.Cmd != "COPY" || strings.Contains(in.Args, "--from") {
			continue
		}
		f := strings.Fields(in.Args)
		for _, src := range f[:len(f)-1] {
			copies = append(copies, copyLine{strings.TrimSuffix(src, "/"), strings.TrimSuffix(f[len(f)-1], "/")})
		}
	}
	t.Logf("files outside frontend/ the front end imports: %v", needed)
	patterns := dockerignorePatterns(t)
	for file := range needed {
		ok := false
		for _, c := range copies {
			if (strings.HasPrefix(file, c.src+"/") || file == c.src) && c.dst == "/src/"+c.src {
				ok = true
			}
		}
		if !ok {
			t.Errorf("the front end imports %s, which the Dockerfile's web stage does not copy to /src/%s", file, file)
		}
		if dockerignored(patterns, file) {
			t.Errorf("the front end imports %s, which .dockerignore keeps out of the build context", file)
		}
	}
	for _, rel := range []string{"backend/cmd/server/main.go", "go.mod", "frontend/package-lock.json", "var/market.db"} {
		if dockerignored(patterns, rel) {
			t.Errorf(".dockerignore keeps %s out of the build context", rel)
		}
	}
	for _, rel := range []string{"var/listinglift.db", "frontend/node_modules/x/index.js", "frontend/dist/index.html", ".git/HEAD",
		"tools/emulators/package.json", "backend/store/sqlite/sqlite_test.go", "backend/cmd/server/var/blobs/x.pdf"} {
		if !dockerignored(patterns, rel) {
			t.Errorf(".dockerignore lets %s into the build context", rel)
		}
	}
}

// The Dockerfile passes the linters pinned in tools/dockerlint
// (dockerfile-utils and dockerlinter, hadolint's rules).
func TestDockerfileLint(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIP: node is not installed, so the Dockerfile linters cannot run")
	}
	if _, err := os.Stat("../../tools/dockerlint/node_modules/dockerlinter"); err != nil {
		t.Skip("SKIP: the Dockerfile linters are not installed: run (cd tools/dockerlint && npm ci)")
	}
	cmd := exec.Command(node, "lint.mjs", "../../Dockerfile")
	cmd.Dir = "../../tools/dockerlint"
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("Dockerfile lint: %v", err)
	}
}

// shellWords splits a POSIX shell command line far enough for the build
// line: whitespace-separated words, double or single quotes kept together.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	inWord := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// The binary the image would carry is the one the tests exercise: built
// here with exactly the Dockerfile's build line (its environment and
// flags), it is a static executable with no symbol tables and no paths of
// this machine, and it starts and serves.
func TestDockerBuildLineMakesAStaticServer(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: -short: building and starting the server binary takes a while")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIP: the go tool is not on PATH")
	}
	// The build argument as Cloud Build passes it (the commit).
	const version = "0c66890abcde"
	words := shellWords(strings.ReplaceAll(goBuildLine(t, dockerfile(t)).Args, "${VERSION}", version))
	var env, args []string
	i := 0
	for ; i < len(words) && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(words[i]); i++ {
		env = append(env, words[i])
	}
	if i+1 >= len(words) || words[i] != "go" || words[i+1] != "build" {
		t.Fatalf("the build line should be [VAR=value...] go build ...: %q", words)
	}
	bin := filepath.Join(t.TempDir(), "server")
	for j := i + 2; j < len(words); j++ {
		if words[j] == "-o" {
			j++ // the image's output path
			continue
		}
		args = append(args, words[j])
	}
	args = append([]string{"build", "-o", bin}, args...)
	cmd := exec.Command(goTool, args...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s (env %v): %v\n%s", strings.Join(args, " "), env, err, out)
	}
	t.Logf("built with %v go %s", env, strings.Join(args, " "))

	checkStatic(t, bin)
	startAndProbe(t, bin, version)
}

// checkStatic: no program interpreter, no dynamic section or libraries
// (CGO_ENABLED=0), no symbol or DWARF sections (-s -w), and no absolute
// path of this checkout (-trimpath).
func checkStatic(t *testing.T, bin string) {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatalf("not an ELF executable: %v", err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("the binary has a %v program header: it is dynamically linked", p.Type)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("the binary needs shared libraries: %v", libs)
	}
	for _, s := range f.Sections {
		if s.Name == ".symtab" || strings.HasPrefix(s.Name, ".debug") || strings.HasPrefix(s.Name, ".zdebug") {
			t.Errorf("the binary keeps section %s (-ldflags=\"-s -w\" strips it)", s.Name)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte(root+"/backend")) {
		t.Errorf("the binary contains this checkout's path %s (-trimpath removes it)", root)
	}
}

// startAndProbe runs the binary with development settings (local adapters,
// a free port, everything under a temporary folder), asks /healthz, the
// app and the runtime configuration, then stops it with SIGTERM.
func startAndProbe(t *testing.T, bin, version string) {
	t.Helper()
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte(`<!doctype html><div id="root"></div>`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	// Only these: nothing of the test's own environment (emulator
	// addresses, say) leaks in. The Auth emulator address is a placeholder:
	// no token is verified.
	cmd.Env = []string{
		"APP_ENV=development", "HOST=127.0.0.1", "PORT=0", "WEB_DIR=" + web,
		"SQLITE_PATH=" + filepath.Join(dir, "ll.db"), "BLOB_DIR=" + filepath.Join(dir, "blobs"),
		"OUTBOX_DIR=" + filepath.Join(dir, "outbox"), "FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099",
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var rec map[string]any
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec["message"] == "server listening" {
				if u, ok := rec["url"].(string); ok {
					urls <- u
				}
			}
		}
	}()
	var base string
	select {
	case base = <-urls:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("the server did not start in 20 s; stderr: %s", stderr.String())
	}

	for path, want := range map[string]string{"/healthz": `"status":"ok"`, "/api/health": `"version":"` + version + `"`,
		"/": `id="root"`, "/runtime-config.js": "__LISTINGLIFT_CONFIG__"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Errorf("GET %s: %v", path, err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %d %q, want 200 with %s", path, resp.StatusCode, body, want)
		}
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM the server exited with %v; stderr: %s", err, stderr.String())
	}
}
