package handlers

import "net/http"

// analyticsPage is the owner's analytics (TO BE WRITTEN by the page's work).
func (h *Handlers) analyticsPage(w http.ResponseWriter, r *http.Request) { h.notFound(w, r) }

// analyticsCSV is the analytics' days as CSV (TO BE WRITTEN).
func (h *Handlers) analyticsCSV(w http.ResponseWriter, r *http.Request) { h.notFound(w, r) }
