package jobs

// Slots bounds the report jobs one server instance runs at once
// (JOB_WORKERS): each job holds a slot while it runs. Cloud Run routes up
// to --concurrency requests to an instance whatever they are, so without
// it forty task deliveries could land on one instance and need forty jobs'
// memory at once. The local queue is bounded by its worker count instead.
type Slots struct{ ch chan struct{} }

// NewSlots makes n slots (at least one).
func NewSlots(n int) *Slots { return &Slots{ch: make(chan struct{}, max(n, 1))} }

// TryTake takes a slot if one is free.
func (s *Slots) TryTake() bool {
	select {
	case s.ch <- struct{}{}:
		return true
	default:
		return false
	}
}

// Release gives back a slot TryTake took.
func (s *Slots) Release() { <-s.ch }

// Size is the bound; InUse how many slots are held now.
func (s *Slots) Size() int  { return cap(s.ch) }
func (s *Slots) InUse() int { return len(s.ch) }
