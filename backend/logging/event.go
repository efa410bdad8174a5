package logging

import "log/slog"

// EventKey is the attribute that names what an alerting log line reports.
// The log-based metrics in docs/DEPLOY.md §15 match on it
// (jsonPayload.event="…"), not on the message, so a message can be
// reworded without silencing an alert.
const EventKey = "event"

// Event is the attribute event=name, for a log line an alert watches.
func Event(name string) slog.Attr { return slog.String(EventKey, name) }

// The events an alert watches (docs/DEPLOY.md §15). Each is written by
// exactly the lines that mean it; a metric's filter names them.
const (
	// A paid report failed for good and its payment is being refunded.
	EventOrderFailed = "order_failed"
	// A refund was made and recorded (a failed or stuck order, an upgrade,
	// a stray payment, an operator's refund).
	EventRefundMade = "refund_made"
	// EventRefundMadeElsewhere: a refund Stripe says was made already
	// (from its dashboard), recorded as such instead of retried.
	EventRefundMadeElsewhere = "refund_made_elsewhere"
	// The sweeper sent a stuck order's owed work again.
	EventStuckOrderResent = "stuck_order_resent"
	// The sweeper gave up on a stuck order and refunds it.
	EventStuckOrderGivenUp = "stuck_order_given_up"
	// A sweep (Cloud Scheduler's, or the local queue's timer) failed.
	EventSweepFailed = "sweep_failed"
	// Money (a refund, a paid upgrade, a stray payment's refund) is still
	// owed past its deadline.
	EventMoneyOwed = "money_owed"
	// A paid report is still waiting in the queue past its deadline.
	EventPaidOrderWaiting = "paid_order_waiting"
	// The job queue has a backlog (WARNING), or its oldest task has waited
	// over an hour (ERROR).
	EventQueueBacklog         = "queue_backlog"
	EventQueueOldestOverHour  = "queue_oldest_over_hour"
	EventQueueAskFailed       = "queue_ask_failed"
	EventEmailGivenUp         = "email_given_up"
	EventCopyFallback         = "copy_fallback"
	EventCopyFallbackRateHigh = "copy_fallback_rate_high"
	// SendGrid refused our key or sender: e-mails are kept due.
	EventMailCredentialsRefused = "mail_credentials_refused"
	EventPDFStillOwed           = "pdf_still_owed"
	EventDeliverableStillOwed   = "deliverable_still_owed"
	// The task endpoint or the sweep refused a request's token.
	EventTaskTokenRefused = "task_token_refused"
)

// Events lists every event an alert may name, for the test that checks
// docs/DEPLOY.md §15 names no other.
var Events = []string{
	EventOrderFailed, EventRefundMade, EventRefundMadeElsewhere, EventStuckOrderResent, EventStuckOrderGivenUp,
	EventSweepFailed, EventMoneyOwed, EventPaidOrderWaiting, EventQueueBacklog,
	EventQueueOldestOverHour, EventQueueAskFailed, EventEmailGivenUp, EventCopyFallback,
	EventCopyFallbackRateHigh, EventMailCredentialsRefused, EventPDFStillOwed,
	EventDeliverableStillOwed, EventTaskTokenRefused,
}
