// Package deletion deletes a host's account for good (issue 28: deletion
// is final): the tombstone first, then the orders page by page with their
// PDFs and checkouts, the customer record and the sign-in. DELETE /api/me
// runs it within a budget; every step is idempotent, so another call (the
// host's next try, or a job) goes on where one stopped.
package deletion

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
)

// Deleter deletes accounts.
type Deleter struct {
	Store store.Deletions
	// Blobs keeps the PDFs (nil: none kept); Payments closes open
	// checkouts (nil: payments off); Users deletes the Firebase user.
	Blobs    blob.Store
	Payments payments.Provider
	Users    auth.Accounts
	Now      func() time.Time
}

// Result is what one call deleted.
type Result struct {
	Orders int
	PDFs   int
}

// Limits: PageSize is how many orders one store transaction deletes;
// closeParallel how many deleted orders are closed at once (a blob delete
// or a Stripe call is a round trip of tens of milliseconds, so a page
// takes well under a second); closeTimeout bounds closing one page.
const (
	PageSize      = 100
	closeParallel = 8
	closeTimeout  = 15 * time.Second
)

// ErrUnfinished answers a deletion whose budget ran out: the account is
// closed already (its tombstone), the rest needs another call.
var ErrUnfinished = &domain.Error{Code: domain.CodeUnavailable,
	Message: "Your account is closed and is being deleted, but there was more to delete than one try allows. Please press Delete again to finish."}

// Delete deletes account uid, working on its orders for at most budget.
//
// Order of work, so that the deletion is final and another call after any
// failure finishes it (every step is idempotent):
//  1. refuse with store.ErrUnsettled (409), writing nothing, while an
//     order holds money not yet settled (paid and its report or upgrade
//     still being made, or failed with its refund not made): every paid
//     order must end with a report or a refund;
//  2. write the tombstone (store.MarkCustomerDeleted): from here no
//     instance accepts the host's token (httpapi's requireUser), and no
//     write can bring back the profile or an order, nor record a checkout
//     or a payment (the store refuses in each write's transaction). A
//     checkout racing this step closes its own session when its write is
//     refused (orders.Start); a payment racing it is refunded as a stray;
//  3. delete the orders page by page, in store transactions that hand
//     back what they deleted; then, the orders gone, delete each one's
//     PDFs and close its open checkouts (its own, an open upgrade's), so
//     every session recorded up to the order's deletion is closed;
//  4. a second pass: one more page, which finds nothing unless an order
//     or session landed late, and is then handled as above;
//  5. delete the customer record, then the Firebase user (user not found
//     counts as done).
//
// Steps 3–5 run within budget; when it runs out Delete returns
// ErrUnfinished (with what it did) and the next call goes on. A paid order
// found in step 3 (a payment that landed between steps 1 and 2) is the
// same 409, with the account closed; the next call once its report or
// refund is done finishes. Stripe's own records of payments stay with
// Stripe; we keep no card data. A job or webhook arriving later for a
// deleted order is dropped, or refunded if it paid (orders).
func (d *Deleter) Delete(ctx context.Context, uid string, budget time.Duration) (Result, error) {
	var n Result
	if id, err := d.Store.UnsettledOrder(ctx, uid); err != nil {
		return n, fmt.Errorf("delete account: %w", err)
	} else if id != "" {
		return n, fmt.Errorf("delete account: order %s: %w", id, store.ErrUnsettled)
	}
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	if err := d.Store.MarkCustomerDeleted(ctx, uid, now()); err != nil {
		return n, fmt.Errorf("delete account: tombstone: %w", err)
	}
	if f, ok := d.Users.(interface{ ForgetUser(uid string) }); ok {
		f.ForgetUser(uid) // this instance's token cache; the others read the tombstone
	}

	work, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	unfinished := func(err error) error {
		if work.Err() != nil && ctx.Err() == nil {
			return fmt.Errorf("delete account: %w (%w)", ErrUnfinished, err)
		}
		return fmt.Errorf("delete account: %w", err)
	}
	for {
		if err := work.Err(); err != nil {
			return n, unfinished(err)
		}
		page, err := d.Store.DeleteCustomerOptimizationsPage(work, uid, PageSize)
		if err != nil {
			return n, unfinished(err)
		}
		n.PDFs += d.closePage(ctx, page)
		n.Orders += len(page)
		if len(page) == 0 {
			break // the last pass found nothing more: the second look at an emptied account
		}
	}
	if _, err := d.Store.DeleteCustomer(work, uid); err != nil {
		return n, unfinished(err)
	}
	if err := d.Users.DeleteUser(ctx, uid); err != nil {
		return n, err
	}
	if err := d.Store.FinishCustomerDeletion(ctx, uid, now()); err != nil {
		// Everything is gone; the sweeper's next pass finds the tombstone
		// unfinished, finds nothing left and records it then.
		return n, fmt.Errorf("delete account: record it finished: %w", err)
	}
	return n, nil
}

// FinishAfter is how old an unfinished deletion is before the sweeper
// finishes it: past the host's own request (deleteBudget), so the two do
// not work on one account at once (they could: every step is idempotent).
const FinishAfter = 2 * time.Minute

// finishBatch bounds how many deletions one sweep looks at.
const finishBatch = 20

// FinishPending finishes the deletions left part done (a large account
// whose request ran out of its budget, a failure half way): every
// tombstone older than FinishAfter not yet finished, within budget in all.
// A deletion refused because an order is unsettled (a payment that landed
// as the account went: its report or refund comes first) waits for a later
// sweep. It returns the uids finished now.
func (d *Deleter) FinishPending(ctx context.Context, budget time.Duration) ([]string, error) {
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	uids, err := d.Store.UnfinishedDeletions(ctx, now().Add(-FinishAfter), finishBatch)
	if err != nil {
		return nil, fmt.Errorf("finish deletions: %w", err)
	}
	end := now().Add(budget)
	log := logging.FromContext(ctx)
	var done []string
	var errs []error
	for _, uid := range uids {
		left := end.Sub(now())
		if left <= 0 {
			break // the next sweep goes on
		}
		n, err := d.Delete(ctx, uid, left)
		switch {
		case err == nil:
			done = append(done, uid)
			log.Info("account deletion finished by the sweeper", "uid", uid, "orders", n.Orders, "pdfs", n.PDFs)
		case errors.Is(err, store.ErrUnsettled), errors.Is(err, ErrUnfinished):
			log.Warn("account deletion still in progress", "uid", uid, "orders", n.Orders, "err", err)
		default:
			errs = append(errs, fmt.Errorf("finish the deletion of %s: %w", uid, err))
		}
	}
	return done, errors.Join(errs...)
}

// closePage closes every order of a deleted page (closeDeleted), a few at
// a time, on a context of its own: these orders are gone, so no later call
// would find them again, and neither the budget nor a client that hangs up
// may stop it half way (a page takes seconds at most, so an answer still
// comes inside Hosting's limit). It reports how many PDFs they had.
func (d *Deleter) closePage(ctx context.Context, page []domain.Optimization) int {
	done, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		pdfs int
	)
	slots := make(chan struct{}, closeParallel)
	for i := range page {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			k := d.closeDeleted(done, &page[i])
			mu.Lock()
			pdfs += k
			mu.Unlock()
		}()
	}
	wg.Wait()
	return pdfs
}

// closeDeleted deletes the PDFs of an order already deleted from the store
// and closes its open checkouts, reporting how many PDFs it had. Each call
// is tried three times; a failure after that is logged with what an
// operator needs (the PDF's key, the session's id) and the deletion goes
// on, since the order's record, and so any retry's way to them, is gone.
// A session paid meanwhile cannot be recorded (the tombstone refuses the
// payment): its webhook refunds it as a payment for a deleted order.
func (d *Deleter) closeDeleted(ctx context.Context, o *domain.Optimization) int {
	log := logging.FromContext(ctx).With("optimization", o.ID)
	pdfs := 0
	if d.Blobs != nil {
		// The job stores the file before its key: delete the usual key
		// too, in case the key was never recorded.
		keys := []string{blob.ReportKey(o.ID)}
		if o.PDFPath != "" && o.PDFPath != keys[0] {
			keys = append(keys, o.PDFPath)
		}
		for _, key := range keys {
			if err := thrice(ctx, func() error { return d.Blobs.Delete(ctx, key) }); err != nil {
				log.Error("deleting a deleted account's PDF failed; delete it from the bucket", "key", key, "err", err)
			}
		}
		if o.PDFPath != "" {
			pdfs++
		}
	}
	if d.Payments == nil {
		return pdfs
	}
	for _, sid := range OpenCheckouts(o) {
		err := thrice(ctx, func() error { return d.Payments.ExpireSession(ctx, sid) })
		switch {
		case err == nil:
		case domain.ErrorCode(err) == domain.CodeConflict:
			log.Warn("a deleted account's checkout was paid before it could be closed; its webhook refunds it", "session", sid)
		default:
			log.Error("closing a deleted account's checkout failed; expire it in Stripe", "session", sid, "err", err)
		}
	}
	return pdfs
}

// thrice runs call up to three times over about a second and a half while
// it fails for want of the service (CodeUnavailable or a plain error).
func thrice(ctx context.Context, call func() error) error {
	var err error
	for attempt, wait := 1, 500*time.Millisecond; ; attempt, wait = attempt+1, 2*wait {
		err = call()
		if code := domain.ErrorCode(err); err == nil || (code != domain.CodeUnavailable && code != domain.CodeInternal) || attempt == 3 {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// OpenCheckouts are o's Checkout Sessions that could still be paid: an
// unpaid, unfinished order's own, and an open upgrade's.
func OpenCheckouts(o *domain.Optimization) []string {
	var out []string
	if o.PaidAt == nil && !o.Status.Finished() && o.StripeSessionID != "" {
		out = append(out, o.StripeSessionID)
	}
	if o.Upgrade != nil && o.Upgrade.Status == domain.UpgradeOpen && o.Upgrade.SessionID != "" {
		out = append(out, o.Upgrade.SessionID)
	}
	return out
}
