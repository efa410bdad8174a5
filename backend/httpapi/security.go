package httpapi

import "strings"

// SecurityPolicy says what the browser may load, derived from configuration:
// the Firebase Auth domain (sign-in popup and its iframe) and, locally, the
// Auth emulator.
type SecurityPolicy struct {
	Production bool
	// AuthDomain is the Firebase Auth domain, e.g. myproject.firebaseapp.com.
	AuthDomain string
	// AuthEmulatorOrigin is e.g. http://127.0.0.1:9099 when the Auth
	// emulator is in use, else empty.
	AuthEmulatorOrigin string
}

// ContentSecurityPolicy returns the CSP for the SPA. Scripts come only from
// our origin (no inline scripts: runtime configuration is a same-origin
// script file) and Google's sign-in loader; the browser talks only to us and
// Firebase Auth; nobody may frame us.
func (p SecurityPolicy) ContentSecurityPolicy() string {
	connect := []string{"'self'", "https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"}
	frames := []string{"https://" + p.AuthDomain, "https://accounts.google.com"}
	if p.AuthEmulatorOrigin != "" {
		connect = append(connect, p.AuthEmulatorOrigin)
		frames = append(frames, p.AuthEmulatorOrigin)
	}
	directives := []string{
		"default-src 'self'",
		"script-src 'self' https://apis.google.com",
		"style-src 'self'",
		// Listing photos come from the listing sites' CDNs.
		"img-src 'self' data: blob: https:",
		"font-src 'self'",
		"connect-src " + strings.Join(connect, " "),
		"frame-src " + strings.Join(frames, " "),
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}
	if p.Production {
		directives = append(directives, "upgrade-insecure-requests")
	}
	return strings.Join(directives, "; ")
}
