package views

import (
	"strconv"
	"time"

	"bizprofile/catalog"
)

// AdminJobRow is a background job as administrators see it.
type AdminJobRow struct {
	ID                    int64
	Kind, Summary, Status string
	Attempts, MaxAttempts int
	RunAt, CreatedAt      time.Time
	FinishedAt            time.Time // zero until done, failed or discarded
	LastError             string
}

// AdminJobs is /admin/jobs: the queue by status.
type AdminJobs struct {
	Status  string
	Filters []AdminFilter
	Rows    []AdminJobRow
	Pager   AdminPager
}

// JobStatuses name the states of a job, in the order the filters show.
var JobStatuses = []catalog.Option{
	{Value: "queued", Label: "Queued"},
	{Value: "running", Label: "Running"},
	{Value: "failed", Label: "Failed"},
	{Value: "done", Label: "Done"},
	{Value: "discarded", Label: "Discarded"},
}

func (j AdminJobRow) badgeClass() string {
	switch j.Status {
	case "failed":
		return "badge badge-danger"
	case "done":
		return "badge badge-success"
	case "running":
		return "badge badge-primary"
	case "queued":
		if j.Attempts > 0 {
			return "badge badge-warning"
		}
	}
	return "badge"
}

func (j AdminJobRow) attempts() string {
	return strconv.Itoa(j.Attempts) + " of " + strconv.Itoa(j.MaxAttempts) + " attempts"
}

// CanRetry: a failed or discarded job can be queued again.
func (j AdminJobRow) CanRetry() bool { return j.Status == "failed" || j.Status == "discarded" }

// CanDiscard: a failed job, or one still waiting, can be given up.
func (j AdminJobRow) CanDiscard() bool { return j.Status == "failed" || j.Status == "queued" }
