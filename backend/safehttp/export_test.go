package safehttp

import "github.com/listinglift/listinglift/backend/safehttp/internal/seam"

// WithTestPorts returns a copy of c that may also use ports (the address
// policy is unchanged).
func (c *Client) WithTestPorts(ports ...uint16) *Client {
	cc := c.withHooks(c.hooks)
	cc.testPorts = map[uint16]bool{}
	for _, p := range ports {
		cc.testPorts[p] = true
	}
	cc.http = cc.newHTTPClient()
	return cc
}

// WithHooks exposes the seam to this package's tests.
func (c *Client) WithHooks(h seam.Hooks) *Client { return c.withHooks(h) }
