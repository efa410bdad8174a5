package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
)

// account serves the signed-in host's own records: the profile and the
// dashboard list. Every read is scoped to the verified uid; another host's
// record answers 404 exactly like a missing one, so ids are never confirmed.
type account struct {
	store store.Store
	now   func() time.Time
}

type customerBody struct {
	Success  bool             `json:"success"`
	Customer *domain.Customer `json:"customer"`
}

// signIn records a sign-in (SPEC §4: on each sign-in the profile is created
// or updated with the latest e-mail, name and last login time). The e-mail
// comes from the verified token, never from the body; the name may come
// from the body because a brand-new account's first token predates it.
func (a *account) signIn(w http.ResponseWriter, r *http.Request) error {
	u := userFrom(r.Context())
	var body struct {
		DisplayName string `json:"displayName"`
	}
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	name := strings.TrimSpace(body.DisplayName)
	if name == "" {
		name = u.Name
	}
	if utf8.RuneCountInString(name) > 100 {
		return domain.Errorf(domain.CodeInvalid, "Your name is too long (100 characters at most).")
	}
	c, err := a.store.UpsertCustomer(r.Context(), domain.Login{UID: u.UID, Email: u.Email, DisplayName: name, At: a.now()})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, customerBody{Success: true, Customer: c})
	return nil
}

func (a *account) me(w http.ResponseWriter, r *http.Request) error {
	c, err := a.store.GetCustomer(r.Context(), userFrom(r.Context()).UID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Errorf(domain.CodeNotFound, "No profile yet: sign in again to create it.")
		}
		return err
	}
	writeJSON(w, http.StatusOK, customerBody{Success: true, Customer: c})
	return nil
}

// optimizationSummary is one dashboard row: everything but the report.
type optimizationSummary struct {
	ID              string        `json:"id"`
	ListingURL      string        `json:"listingUrl"`
	ListingTitle    string        `json:"listingTitle"`
	PlanType        domain.Plan   `json:"planType"`
	Amount          float64       `json:"amount"`
	Status          domain.Status `json:"status"`
	CreatedAt       time.Time     `json:"createdAt"`
	CompletedAt     *time.Time    `json:"completedAt"`
	StripeSessionID string        `json:"stripeSessionId"`
	// CheckoutURL is the open checkout's page while it can still be paid
	// (Resume checkout; the row also offers Remove while unpaid).
	CheckoutURL string      `json:"checkoutUrl,omitempty"`
	Paid        bool        `json:"paid"`
	Refund      *refundBody `json:"refund"`
	// CanUpgrade: a finished Basic report the host may upgrade to Premium
	// for UpgradeAmount; UpgradeStatus is how the last upgrade went.
	CanUpgrade    bool    `json:"canUpgrade"`
	UpgradeAmount float64 `json:"upgradeAmount,omitempty"`
	UpgradeStatus string  `json:"upgradeStatus,omitempty"`
}

type listBody struct {
	Success  bool                  `json:"success"`
	Items    []optimizationSummary `json:"items"`
	Page     int                   `json:"page"`
	PageSize int                   `json:"pageSize"`
	Total    int                   `json:"total"`
	// NextCursor, passed back as ?after=, makes the next page read only
	// its own rows ("" on the last page).
	NextCursor string `json:"nextCursor,omitempty"`
}

func (a *account) list(w http.ResponseWriter, r *http.Request) error {
	page := 1
	if p := r.URL.Query().Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 100000 {
			return domain.Errorf(domain.CodeInvalid, "page must be a whole number from 1.")
		}
		page = n
	}
	// after: the cursor the previous page handed out (nextCursor), so this
	// page reads only its own rows.
	var after *domain.PageCursor
	if c := r.URL.Query().Get("after"); c != "" {
		cur, err := domain.ParsePageCursor(c)
		if err != nil {
			return err
		}
		after = cur
	}
	res, err := a.store.ListOptimizations(r.Context(), userFrom(r.Context()).UID, page, after)
	if err != nil {
		return err
	}
	body := listBody{Success: true, Items: make([]optimizationSummary, 0, len(res.Items)), Page: res.Page, PageSize: res.PageSize, Total: res.Total}
	if res.Next != nil {
		body.NextCursor = res.Next.String()
	}
	for _, o := range res.Items {
		row := optimizationSummary{
			ID: o.ID, ListingURL: o.ListingURL, ListingTitle: o.ListingTitle, PlanType: o.PlanType,
			Amount: o.Amount, Status: o.Status, CreatedAt: o.CreatedAt, CompletedAt: o.CompletedAt,
			StripeSessionID: o.StripeSessionID, Paid: o.PaidAt != nil, Refund: refundOf(o.Refund),
			CheckoutURL: openCheckout(&o, a.now()), CanUpgrade: store.Upgradable(&o),
		}
		if row.CanUpgrade {
			row.UpgradeAmount = orders.UpgradeAmount()
		}
		if o.Upgrade != nil {
			row.UpgradeStatus = string(o.Upgrade.Status)
		}
		body.Items = append(body.Items, row)
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

func (a *account) get(w http.ResponseWriter, r *http.Request) error {
	o, err := ownOptimization(r, a.store, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "optimization": o})
	return nil
}

// ownOptimization loads id if it belongs to the signed-in user. Someone
// else's record is reported exactly like a missing one.
func ownOptimization(r *http.Request, st store.Store, id string) (*domain.Optimization, error) {
	if !domain.ValidKey(id) {
		return nil, domain.Errorf(domain.CodeNotFound, "We could not find that optimization in your account.")
	}
	o, err := st.GetOptimization(r.Context(), id)
	if err == nil && o.CustomerUID != userFrom(r.Context()).UID {
		err = domain.ErrNotFound
	}
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Errorf(domain.CodeNotFound, "We could not find that optimization in your account.")
	}
	return o, err
}

// requireJSON refuses bodies that are not declared JSON: a cross-site form
// or text/plain POST (which browsers send without a preflight) cannot then
// reach a handler with a visitor's credentials or spend our budgets.
func requireJSON(r *http.Request) error {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return domain.Errorf(domain.CodeInvalid, "Send the request as JSON (Content-Type: application/json).")
	}
	return nil
}

// maxBody caps JSON request bodies; nothing the API accepts is larger.
const maxBody = 64 << 10

// decodeJSON reads a JSON object body into v. An empty body is an empty
// object; anything malformed is a 400 with a plain message.
func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, maxBody))
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &tooBig):
			return domain.Errorf(domain.CodeInvalid, "The request is too large.")
		default:
			return &domain.Error{Code: domain.CodeInvalid, Message: "The request body must be valid JSON.", Err: err}
		}
	}
	return nil
}
