package deploy

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	cloudtasks "cloud.google.com/go/cloudtasks/apiv2"
	"cloud.google.com/go/firestore"
	"cloud.google.com/go/storage"
	firebase "firebase.google.com/go/v4"
	fbauth "firebase.google.com/go/v4/auth"
)

// googleClientTypes are the Google client libraries' types whose methods
// the code may call, by import path. A method of one of them called in the
// server's or the command line tool's code is a row of the permissions
// table (permissions.go), even one that makes no call Google authorises
// (a handle, an iterator, a local check): the table says which it is.
var googleClientTypes = map[string][]any{
	"firebase.google.com/go/v4":            {(*firebase.App)(nil)},
	"firebase.google.com/go/v4/auth":       {(*fbauth.Client)(nil), (*fbauth.Token)(nil)},
	"cloud.google.com/go/cloudtasks/apiv2": {(*cloudtasks.Client)(nil), (*cloudtasks.TaskIterator)(nil)},
	"cloud.google.com/go/storage": {(*storage.Client)(nil), (*storage.BucketHandle)(nil), (*storage.ObjectHandle)(nil),
		(*storage.Writer)(nil), (*storage.Reader)(nil)},
	"cloud.google.com/go/firestore": {(*firestore.Client)(nil), (*firestore.CollectionRef)(nil), (*firestore.DocumentRef)(nil),
		(*firestore.Query)(nil), (*firestore.Transaction)(nil), (*firestore.DocumentIterator)(nil),
		(*firestore.DocumentSnapshot)(nil), (*firestore.AggregationQuery)(nil), (*firestore.WriteBatch)(nil),
		(*firestore.BulkWriter)(nil), (*firestore.BulkWriterJob)(nil)},
}

type codeCall struct {
	pkg, method string // the Google library's import path, the method's name
	at          string // file:line of one call
}

// googleCallsInCode lists the Google client methods that the server's and
// the command line tool's own packages call (their built files, as go list
// reports them: no tests, no e2e-only files): in each package that imports
// a Google client library, every call x.M(…) where M is a method of one of
// that library's types. Without type information a call is matched by its
// name, so the list may hold more than the code calls, never less.
func googleCallsInCode(t *testing.T) []codeCall {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,Imports,Module",
		"github.com/listinglift/listinglift/backend/cmd/server",
		"github.com/listinglift/listinglift/backend/cmd/listinglift").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	methods := map[string]map[string]bool{} // import path → method names
	for path, types := range googleClientTypes {
		methods[path] = map[string]bool{}
		for _, v := range types {
			rt := reflect.TypeOf(v)
			for i := range rt.NumMethod() {
				methods[path][rt.Method(i).Name] = true
			}
		}
	}
	root, err := filepath.Abs("../..") // the repository: tests run in backend/deploy
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]string]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	packages := 0
	for dec.More() {
		var p struct {
			ImportPath, Dir  string
			GoFiles, Imports []string
			Module           *struct{ Path string }
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Module == nil || p.Module.Path != "github.com/listinglift/listinglift" {
			continue
		}
		var libs []string
		for _, imp := range p.Imports {
			if methods[imp] != nil {
				libs = append(libs, imp)
			}
		}
		if len(libs) == 0 {
			continue
		}
		packages++
		fset := token.NewFileSet()
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && isImportName(f, id.Name) {
					return true // a package's function (firestore.NewClient), not a method
				}
				for _, lib := range libs {
					if methods[lib][sel.Sel.Name] {
						k := [2]string{lib, sel.Sel.Name}
						if _, ok := seen[k]; !ok {
							pos := fset.Position(call.Pos())
							rel, err := filepath.Rel(root, pos.Filename)
							if err != nil {
								rel = pos.Filename
							}
							seen[k] = rel + ":" + strconv.Itoa(pos.Line)
						}
					}
				}
				return true
			})
		}
	}
	if packages == 0 {
		t.Fatal("no package of the server or the command line tool imports a Google client library: is go list answering?")
	}
	var calls []codeCall
	for k, at := range seen {
		calls = append(calls, codeCall{k[0], k[1], at})
	}
	sort.Slice(calls, func(i, j int) bool {
		if calls[i].pkg != calls[j].pkg {
			return calls[i].pkg < calls[j].pkg
		}
		return calls[i].method < calls[j].method
	})
	return calls
}

// isImportName: name is the name an import of f goes by.
func isImportName(f *ast.File, name string) bool {
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		n := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			n = imp.Name.Name
		} else if strings.HasPrefix(n, "v") && len(n) <= 3 { // firebase.google.com/go/v4
			n = "firebase"
		} else if n == "apiv2" {
			n = "cloudtasks"
		}
		if n == name {
			return true
		}
	}
	return false
}
