package handlers

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"bizprofile/domain"
	"bizprofile/images"
)

// Reading an image upload, for every form that takes one (the manage
// page's Logo and photos section, the wizard's first step): the multipart
// body part by part, the file kept (domain.Images), its refusal as a
// message for the file field, and the account's upload limit.

// imageForm is a posted upload form: its text fields and at most one file
// (TooLarge: the fields after it were not read).
type imageForm struct {
	Values url.Values
	domain.Upload
}

// Bounds of an upload form's text fields.
const (
	maxUploadFields     = 32
	maxUploadFieldBytes = 8 << 10
)

// multipartForm says how readMultipart reads a form's multipart body: the
// bounds of its parts and text, which fields hold files and what becomes
// of each of them.
type multipartForm struct {
	maxParts int // more parts: 400
	maxField int // bytes of one text field, more: 400 (0: only maxText bounds it)
	maxText  int // bytes of all the text fields, more: 413
	isFile   func(name string) bool
	// file reads the part of a file field (its input left empty too, as
	// browsers send it); errPartTooLarge stops the reading as a body over
	// its cap does, errBadForm is a 400, any other error a fault.
	file func(name string, part *multipart.Part) error
}

// Errors of multipartForm.file: a file went over its cap (what follows is
// not read); the body could not be read.
var (
	errPartTooLarge = errors.New("part too large")
	errBadForm      = errors.New("the form could not be read")
)

// readMultipart reads r's multipart body part by part, so that no file is
// kept in memory or on disk before it is checked: the text fields into
// values, each file field to f.file; a file where none is expected is
// skipped unread. When the body goes over its cap (http.MaxBytesReader)
// or a file over its own, it stops with tooLarge and the fields read so
// far, so the answer can say which form it was. It answers the request
// itself (400, 413, 422 for text we cannot accept, 500 for a fault) and
// returns ok false when the handler must stop.
func (h *Handlers) readMultipart(w http.ResponseWriter, r *http.Request, f multipartForm) (values url.Values, tooLarge, ok bool) {
	bad := func() (url.Values, bool, bool) {
		http.Error(w, "The form could not be read.", http.StatusBadRequest)
		return nil, false, false
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return bad()
	}
	values = url.Values{}
	text := 0
	var tooBig *http.MaxBytesError
	for parts := 1; ; parts++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.As(err, &tooBig) {
			tooLarge = true
			break
		}
		if err != nil || parts > f.maxParts {
			return bad()
		}
		name := part.FormName()
		if f.isFile(name) {
			err := f.file(name, part)
			if errors.Is(err, errPartTooLarge) || errors.As(err, &tooBig) {
				tooLarge = true
				break
			}
			if errors.Is(err, errBadForm) {
				return bad()
			}
			if h.broken(w, r, err) {
				return nil, false, false
			}
			continue
		}
		if part.FileName() != "" {
			continue // a file where none is expected: skipped unread
		}
		limit := f.maxText - text
		if f.maxField > 0 {
			limit = min(limit, f.maxField)
		}
		b, err := io.ReadAll(io.LimitReader(part, int64(limit)+1))
		if errors.As(err, &tooBig) {
			tooLarge = true
			break
		}
		switch {
		case err != nil || (f.maxField > 0 && len(b) > f.maxField):
			return bad()
		case text+len(b) > f.maxText:
			http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
			return nil, false, false
		}
		text += len(b)
		values.Add(name, string(b))
	}
	if refused := domain.RefusedFields(values); len(refused) > 0 {
		h.refuseText(w, r, values, refused)
		return nil, false, false
	}
	return values, tooLarge, true
}

// readImageForm reads a posted upload form: a multipart body part by part
// (readMultipart: one file, named file, at most images.MaxBytes), or a
// plain urlencoded one (a pending upload sent again). It answers the
// request itself and returns false when the handler must stop.
func (h *Handlers) readImageForm(w http.ResponseWriter, r *http.Request) (imageForm, bool) {
	if !isMultipart(r) {
		if !h.parseForm(w, r) {
			return imageForm{}, false
		}
		return imageForm{Values: r.PostForm}, true
	}
	var f imageForm
	read := multipartForm{
		maxParts: maxUploadFields, maxField: maxUploadFieldBytes, maxText: maxUploadFields * maxUploadFieldBytes,
		isFile: func(name string) bool { return name == "file" },
		file: func(_ string, part *multipart.Part) error {
			if f.File != nil {
				return nil // one file; others are skipped unread
			}
			data, err := io.ReadAll(io.LimitReader(part, images.MaxBytes+1))
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				return err
			case err != nil:
				return errBadForm
			case len(data) > images.MaxBytes:
				return errPartTooLarge
			case len(data) > 0 || part.FileName() != "":
				f.File = data
			}
			return nil
		},
	}
	var ok bool
	f.Values, f.TooLarge, ok = h.readMultipart(w, r, read)
	return f, ok
}

// uploadLimited is the message for the file field when the signed-in
// user's account has sent as many images lately as its limit allows ("" when it
// may send this one); the answer's Retry-After says when.
func (h *Handlers) uploadLimited(w http.ResponseWriter, r *http.Request) string {
	ok, retry := h.limits.uploadAccount.Allow(r.Context(), strconv.FormatInt(currentUser(r).Account(), 10))
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

// uploadError is what the file field says about err from keeping an upload,
// and the status of the answer: 422 for a refused file, 503 for the
// storage (logged by the caller) or for too many uploads at once; ok false
// for anything else (a fault).
func uploadError(err error) (message string, status int, ok bool) {
	var refused *images.Error
	switch {
	case errors.As(err, &refused):
		return refused.Message, http.StatusUnprocessableEntity, true
	case errors.Is(err, domain.ErrStorage):
		return domain.StorageMessage, http.StatusServiceUnavailable, true
	case errors.Is(err, images.ErrBusy):
		return domain.BusyMessage, http.StatusServiceUnavailable, true
	}
	return "", 0, false
}
