package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"bizprofile/store"
)

// CSV imports of listings (issue 37): the dry run of an uploaded file,
// and the run that creates and updates its listings (in turns, each
// resuming after the rows done).
const (
	KindImportCheck = "import_check"
	KindImportRun   = "import_run"
)

// importPayload is an import job's payload.
type importPayload struct {
	ImportID int64 `json:"import_id"`
}

// ImportCheck is the job of checking import id's rows.
func ImportCheck(id int64) store.NewJob {
	return store.NewJob{Kind: KindImportCheck, Payload: mustJSON(importPayload{ImportID: id})}
}

// ImportRun is the job of importing import id's rows (or the next turn
// of it).
func ImportRun(id int64) store.NewJob {
	return store.NewJob{Kind: KindImportRun, Payload: mustJSON(importPayload{ImportID: id})}
}

// ForImport is the handler of both import jobs: it reads the import's id
// and has do the work.
func ForImport(do func(ctx context.Context, importID int64) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p importPayload
		if err := json.Unmarshal(payload, &p); err != nil || p.ImportID <= 0 {
			return fmt.Errorf("import job: payload %q: %v", payload, err)
		}
		return do(ctx, p.ImportID)
	}
}

// describeImportJob says what an import job is for, for /admin/jobs.
func describeImportJob(kind string, payload []byte) (string, bool) {
	var p importPayload
	if kind != KindImportCheck && kind != KindImportRun || json.Unmarshal(payload, &p) != nil {
		return "", false
	}
	if kind == KindImportCheck {
		return "Check of CSV import #" + strconv.FormatInt(p.ImportID, 10), true
	}
	return "CSV import #" + strconv.FormatInt(p.ImportID, 10), true
}
