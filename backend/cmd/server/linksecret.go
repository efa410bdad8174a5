package main

import "github.com/listinglift/listinglift/backend/config"

// previousLinkSecret is LINK_SECRET_PREVIOUS for both link signers (PDF and
// share links): nil when unset, so only LINK_SECRET opens links.
func previousLinkSecret(cfg config.Config) []byte {
	if cfg.LinkSecretPrevious == "" {
		return nil
	}
	return []byte(cfg.LinkSecretPrevious)
}
