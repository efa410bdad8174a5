package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/listinglift/listinglift/backend/atomicfile"
	"github.com/listinglift/listinglift/backend/httpapi"
)

// hostingCSP is `listinglift hosting-csp [--auth-domain D] [--file F]`:
// it writes the server's Content-Security-Policy for auth domain D into
// firebase.json, so pages Hosting serves carry the same policy as the
// server with a custom auth domain too (cloudbuild.yaml runs it).
func hostingCSP(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("hosting-csp", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	domain := fs.String("auth-domain", "", "the Firebase Auth domain (default: any project's <project>.firebaseapp.com)")
	file := fs.String("file", "firebase.json", "the Firebase config to update")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return usageError{"hosting-csp takes --auth-domain DOMAIN and --file FILE"}
	}
	in, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	out, err := httpapi.SetHostingCSP(in, *domain)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(*file, out, ".firebase-*.json"); err != nil {
		return err
	}
	shown := *domain
	if shown == "" {
		shown = httpapi.DefaultHostingAuthDomain
	}
	fmt.Fprintf(stdout, "%s: Content-Security-Policy for auth domain %s\n", *file, shown)
	return nil
}
