// Package httpapi is ListingLift's HTTP surface: the JSON API under /api,
// the health check, the runtime configuration and the built React app.
package httpapi

import (
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Deps is everything the HTTP layer needs, passed in explicitly.
type Deps struct {
	Logger   *slog.Logger
	Store    store.Store
	Web      fs.FS // the built front end (frontend/dist)
	Client   ClientConfig
	Security SecurityPolicy
	Version  string
}

// NewServer wires routes and middleware. It fails only when the front-end
// build is unusable.
func NewServer(d Deps) (http.Handler, error) {
	web, err := loadWebApp(d.Web)
	if err != nil {
		return nil, err
	}
	rc, err := runtimeConfigScript(d.Client)
	if err != nil {
		return nil, err
	}
	api := newAPIRouter()
	api.handle("GET /healthz", handlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": d.Version})
		return nil
	}))

	mux := http.NewServeMux()
	api.register(mux)
	mux.Handle("GET /runtime-config.js", rc)
	mux.Handle("/", web)

	var h http.Handler = mux
	h = withSecurityHeaders(d.Security, h)
	h = withRecover(h)
	h = withRequestLog(d.Logger, h)
	return h, nil
}

// apiRouter keeps the list of API routes so that unknown paths under /api/
// and /internal/ answer JSON (404, or 405 with Allow for a known path and
// the wrong method) rather than the SPA's HTML.
type apiRouter struct {
	routes map[string][]string // path -> methods
	order  []string
	mux    map[string]http.Handler
}

func newAPIRouter() *apiRouter {
	return &apiRouter{routes: map[string][]string{}, mux: map[string]http.Handler{}}
}

// handle registers pattern ("METHOD /path").
func (a *apiRouter) handle(pattern string, h http.Handler) {
	method, p, ok := strings.Cut(pattern, " ")
	if !ok {
		panic("httpapi: route needs a method: " + pattern)
	}
	a.routes[p] = append(a.routes[p], method)
	a.order = append(a.order, pattern)
	a.mux[pattern] = h
}

func (a *apiRouter) register(mux *http.ServeMux) {
	for _, pattern := range a.order {
		mux.Handle(pattern, a.mux[pattern])
	}
	fallback := handlerFunc(a.notFound)
	mux.Handle("/api/", fallback)
	mux.Handle("/internal/", fallback)
}

func (a *apiRouter) notFound(w http.ResponseWriter, r *http.Request) error {
	if methods, ok := a.routes[r.URL.Path]; ok {
		allow := slices.Clone(methods)
		if slices.Contains(allow, http.MethodGet) {
			allow = append(allow, http.MethodHead)
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: fmt.Sprintf("Method %s is not allowed here.", r.Method)})
		return nil
	}
	return domain.Errorf(domain.CodeNotFound, "No such API endpoint: %s", r.URL.Path)
}
