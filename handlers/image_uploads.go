package handlers

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"bizprofile/images"
	"bizprofile/store"
)

// Reading an image upload, for every form that takes one (the manage
// page's Logo and photos section, the wizard's first step): the multipart
// body part by part, the file checked and kept (keepUpload), its refusal
// as a message for the file field, and the account's upload limit.

// Messages by the file field.
const (
	noFileMessage  = "Choose a JPEG, PNG or WebP file to upload"
	storageMessage = "We couldn't store your image just now. Please try again in a moment."
)

// imageForm is a posted upload form: its text fields and at most one file.
type imageForm struct {
	Values url.Values
	File   []byte // nil: no file chosen
	// TooLarge: the file (or the whole body) was over the limit; the
	// fields after it were not read.
	TooLarge bool
}

// Bounds of an upload form's text fields.
const (
	maxUploadFields     = 32
	maxUploadFieldBytes = 8 << 10
)

// readImageForm reads a posted upload form: a multipart body part by part
// (the fields before a file too large are kept, so the answer can say
// which form it was), or a plain urlencoded one (a pending upload sent
// again). It answers the request itself (400, or 422 for text we cannot
// accept) and returns false when the handler must stop.
func (h *Handlers) readImageForm(w http.ResponseWriter, r *http.Request) (imageForm, bool) {
	if !isMultipart(r) {
		if !h.parseForm(w, r) {
			return imageForm{}, false
		}
		return imageForm{Values: r.PostForm}, true
	}
	f := imageForm{Values: url.Values{}}
	mr, err := r.MultipartReader()
	if err != nil {
		http.Error(w, "The form could not be read.", http.StatusBadRequest)
		return f, false
	}
	var tooBig *http.MaxBytesError
	for n := 0; ; n++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.As(err, &tooBig) {
			f.TooLarge = true
			break
		}
		if err != nil || n >= maxUploadFields {
			http.Error(w, "The form could not be read.", http.StatusBadRequest)
			return f, false
		}
		name := part.FormName()
		if part.FileName() != "" || name == "file" {
			if name != "file" || f.File != nil {
				continue // one file, named file; others are skipped unread
			}
			data, err := io.ReadAll(io.LimitReader(part, images.MaxBytes+1))
			switch {
			case errors.As(err, &tooBig) || len(data) > images.MaxBytes:
				f.TooLarge = true
			case err != nil:
				http.Error(w, "The form could not be read.", http.StatusBadRequest)
				return f, false
			}
			if f.TooLarge {
				break
			}
			if len(data) > 0 || part.FileName() != "" {
				f.File = data
			}
			continue
		}
		v, err := io.ReadAll(io.LimitReader(part, maxUploadFieldBytes+1))
		if errors.As(err, &tooBig) {
			f.TooLarge = true
			break
		}
		if err != nil || len(v) > maxUploadFieldBytes {
			http.Error(w, "The form could not be read.", http.StatusBadRequest)
			return f, false
		}
		f.Values.Add(name, string(v))
	}
	if bad := refusedFields(f.Values); len(bad) > 0 {
		h.refuseText(w, r, f.Values, bad)
		return f, false
	}
	return f, true
}

// readImageUpload checks the form's file and keeps its variants. A refused
// or missing file is a message for the file field (uploadError); the
// wizard's first step uses it too.
func (h *Handlers) readImageUpload(ctx context.Context, f imageForm) (store.Picture, error) {
	switch {
	case f.TooLarge:
		return store.Picture{}, images.ErrTooLarge
	case f.File == nil:
		return store.Picture{}, errNoFile
	}
	return h.keepUpload(ctx, bytes.NewReader(f.File))
}

// uploadLimited is the message for the file field when the signed-in
// user's account has sent as many images lately as its limit allows ("" when it
// may send this one); the answer's Retry-After says when.
func (h *Handlers) uploadLimited(w http.ResponseWriter, r *http.Request) string {
	ok, retry := h.limits.uploadAccount.allow(r.Context(), strconv.FormatInt(currentUser(r).Account(), 10))
	if ok {
		return ""
	}
	setRetryAfter(w, retry)
	h.log.Warn("image uploads limited", "account_id", currentUser(r).Account(), "request_id", requestID(r.Context()))
	wait := "a minute"
	if mins := int(retry.Round(time.Minute) / time.Minute); mins > 1 {
		wait = strconv.Itoa(mins) + " minutes"
	}
	return "You have uploaded many images in a short time: please wait " + wait + ", then try again"
}

// errNoFile: the form came without a file.
var errNoFile = &images.Error{Code: "no_file", Message: noFileMessage}

// uploadError is what the file field says about err from readImageUpload,
// and the status of the answer: 422 for a refused file, 503 for the
// storage (logged by the caller); ok false for anything else (a fault).
func uploadError(err error) (message string, status int, ok bool) {
	var refused *images.Error
	switch {
	case errors.As(err, &refused):
		return refused.Message, http.StatusUnprocessableEntity, true
	case errors.Is(err, errStorage):
		return storageMessage, http.StatusServiceUnavailable, true
	}
	return "", 0, false
}
