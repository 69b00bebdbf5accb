package handlers

import (
	"encoding/json"
	"net/http"
	"time"

	"bizprofile/store"
)

// accountExport is the file 'Download my data' gives: the account's data
// (store.AccountData, which the privacy page describes) with where and
// when it was taken.
type accountExport struct {
	Site       string    `json:"site"`
	ExportedAt time.Time `json:"exported_at"`
	store.AccountData
}

// downloadAccountData answers the signed-in user's data as a JSON file
// (domain.Accounts.Export).
func (h *Handlers) downloadAccountData(w http.ResponseWriter, r *http.Request) {
	ctx, u := r.Context(), currentUser(r)
	d, err := h.domain.Accounts.Export(ctx, *u)
	if h.broken(w, r, err) {
		return
	}
	now := time.Now().UTC()
	body, err := json.MarshalIndent(accountExport{Site: h.site.Name, ExportedAt: now, AccountData: d}, "", "  ")
	if h.broken(w, r, err) {
		return
	}
	h.log.Info("account data downloaded", "user_id", u.ID, "request_id", requestID(ctx))
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+store.Slugify(h.site.Name)+`-data-`+now.Format("2006-01-02")+`.json"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(append(body, '\n'))
}
