package handlers

import (
	"context"
	"errors"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"

	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/images"
	"bizprofile/store"
	"bizprofile/views"
)

// Pending images (issue 22): the wizard's logo and photos are uploads of
// the account that wait for the listing to exist (store.AddPendingImage).
// Without JavaScript they come with the form itself, a multipart body, and
// are kept whether or not the rest of the form passes, so the form sent
// back shows them and the owner never chooses a file twice; with it, the
// wizard island uploads each file at once to POST /dashboard/images and
// sends the ids back with the form. Either way createProfile attaches them
// (store.AttachPendingImages) in the transaction that creates the listing.
// Housekeeping prunes the uploads that never join one.

// wizardBodyBytes bounds the wizard's multipart body: the logo and the
// photo slots shown without JavaScript, each at most images.MaxBytes, and
// the form's text.
const wizardBodyBytes = (1+views.WizardPhotoSlots)*images.MaxBytes + maxBodyBytes

// maxWizardParts bounds the parts of the wizard's multipart body, as
// http.Request.ParseMultipartForm bounds them (the form has fewer than 100).
const maxWizardParts = 1000

// maxPhotoFields bounds the photo_<i> fields read from a form (a plan
// allows at most 10 photos; more are counted to say "too many").
const maxPhotoFields = 24

// tooLargeBody is the message by a file field when the form's body went
// over wizardBodyBytes while that file was read: it and what followed were
// not received.
var tooLargeBody = "The files you chose add up to more than " + strconv.Itoa(wizardBodyBytes>>20) +
	" MB, so this one did not arrive. Choose smaller files (at most " + strconv.Itoa(images.MaxBytes>>20) + " MB each) and send the form again"

// sentFile is what became of a file of the form: the pending upload kept,
// or the message by its field.
type sentFile struct {
	ID  int64
	Err string
}

// imageRules are what the server accepts as a listing's image and its
// checks' messages, for both forms' hints and their islands.
var imageRules = views.ImageRules{
	MaxBytes: images.MaxBytes, Accept: []string{"image/jpeg", "image/png", "image/webp"}, TypesLabel: "JPEG, PNG or WebP",
	TooLarge: images.ErrTooLarge.Message, NotAccepted: images.ErrNotImage.Message, SVG: images.ErrSVG.Message,
	AltRequired: domain.AltMissingMessage, AltMax: store.MaxAltLen, AltTooLong: domain.AltTooLongMessage,
	WhyAlt:  "Required for each photo: a few words saying what it shows. Screen readers read it aloud to people who can't see the photo, and photos without it are not shown.",
	NoFile:  domain.NoFileMessage,
	Storage: domain.StorageMessage,
}

// readWizardPost reads the wizard's form: a plain one (the island's, which
// sends image ids), or a multipart one whose files (logo, photo_<i>) are
// each checked and kept as pending uploads of u's account as they arrive.
// The text fields end up in r.PostForm, as parseForm leaves them. It
// answers the request itself and returns false when the handler must stop.
func (h *Handlers) readWizardPost(w http.ResponseWriter, r *http.Request, u *store.User) (map[string]sentFile, bool) {
	if !isMultipart(r) {
		return nil, h.parseForm(w, r)
	}
	ctx := r.Context()
	files := map[string]sentFile{}
	read := multipartForm{
		maxParts: maxWizardParts, maxText: maxBodyBytes,
		isFile: func(name string) bool { _, ok := wizardFileKind(name); return ok },
		file: func(name string, part *multipart.Part) error {
			if _, seen := files[name]; seen || part.FileName() == "" {
				return nil // an input left empty, or a second file for one input: skipped unread
			}
			if msg := h.uploadLimited(w, r); msg != "" {
				files[name] = sentFile{Err: msg}
				return nil
			}
			kind, _ := wizardFileKind(name)
			id, err := h.domain.Images.KeepPending(ctx, u.Account(), u.ID, kind, part)
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				// The body went over its cap: this file and what follows
				// were not received (the reading stops at the next part).
				files[name] = sentFile{Err: tooLargeBody}
			case err != nil:
				msg, _, ok := h.uploadMessage(r, err)
				if !ok {
					return err
				}
				files[name] = sentFile{Err: msg}
			default:
				files[name] = sentFile{ID: id}
			}
			return nil
		},
	}
	// Past the body's cap, the fields read so far are kept; the file read
	// then says why.
	v, _, ok := h.readMultipart(w, r, read)
	if !ok {
		return nil, false
	}
	r.PostForm, r.Form = v, v
	return files, true
}

// wizardFileKind is the kind of image a file field of the wizard holds.
func wizardFileKind(name string) (store.ImageKind, bool) {
	if name == views.LogoField {
		return store.ImageLogo, true
	}
	for i := range views.WizardPhotoSlots {
		if name == views.PhotoField(i, "") {
			return store.ImagePhoto, true
		}
	}
	return "", false
}

// uploadMessage is uploadError's message and status about err from
// keeping an upload, logging a storage failure; ok false for a fault.
func (h *Handlers) uploadMessage(r *http.Request, err error) (string, int, bool) {
	msg, status, ok := uploadError(err)
	if errors.Is(err, domain.ErrStorage) {
		clientgone.Error(h.log, r, "image storage failed", "error", err, "request_id", requestID(r.Context()))
	}
	return msg, status, ok
}

// wizardImages reads the logo and photos of the wizard's form (ids of
// pending uploads, files just kept, alt texts) into f.Images, with their
// messages in f.Errors, and returns the uploads to attach to the listing,
// in order (domain.Images.Choose).
func (h *Handlers) wizardImages(ctx context.Context, u *store.User, bill domain.Billing, v url.Values, files map[string]sentFile, f *views.ListingForm) ([]store.ListingImage, error) {
	idOf := func(name string) int64 {
		if s := files[name]; s.ID != 0 {
			return s.ID // a file sent with the form replaces the one kept
		}
		if v.Get(name+"_remove") != "" {
			return 0 // dropped: the upload stays pending, for housekeeping
		}
		n, _ := strconv.ParseInt(field(v, name+"_id"), 10, 64)
		return n
	}
	c := domain.Chosen{LogoID: idOf(views.LogoField)}
	slots := min(views.WizardPhotoSlots, bill.Photos())
	for i := range maxPhotoFields {
		p := domain.ChosenPhoto{ID: idOf(views.PhotoField(i, "")), Alt: field(v, views.PhotoField(i, "alt"))}
		if p.ID > 0 || files[views.PhotoField(i, "")].Err != "" || p.Alt != "" {
			slots = max(slots, i+1)
		}
		c.Photos = append(c.Photos, p)
	}
	c.Photos = c.Photos[:slots]
	ch, err := h.domain.Images.Choose(ctx, u.Account(), c, bill)
	if err != nil {
		return nil, err
	}
	m := &views.WizardImages{Rules: wizardRules(bill), Photos: make([]views.PhotoSlot, slots)}
	if ch.Logo != nil {
		m.Logo = h.present.PendingImage(*ch.Logo, "", "Your logo")
	}
	if msg := files[views.LogoField].Err; msg != "" {
		f.Errors[views.LogoField] = msg
	}
	for i, p := range c.Photos {
		m.Photos[i].Alt = p.Alt
		if msg := files[views.PhotoField(i, "")].Err; msg != "" {
			f.Errors[views.PhotoField(i, "")] = msg
		}
		if img := ch.Photos[i]; img != nil {
			m.Photos[i].Image = h.present.PendingImage(*img, p.Alt, "Photo "+strconv.Itoa(i+1)+" you uploaded")
		}
		if msg := ch.AltErrs[i]; msg != "" {
			f.Errors[views.PhotoField(i, "alt")] = msg
		}
	}
	if ch.TooMany {
		f.Errors[views.PhotosField] = m.Rules.TooMany
	}
	f.Images = m
	return ch.Attach, nil
}

// uploadImage keeps one image for the wizard island (multipart: file, and
// kind "logo" or "photo") as a pending upload of the account, which only
// that account can attach (store.PendingImages):
//
//	201 {"id", "kind", "thumb": views.Image}
//	422 {"errors": {"file" | "kind": message}}
//	429 {"errors": {"file": message}}   (the account's upload limit; Retry-After)
//	503 {"errors": {"file": message}}   (the storage failed; logged)
func (h *Handlers) uploadImage(w http.ResponseWriter, r *http.Request) {
	// Whoever may use the wizard (any signed-in user: a person's account
	// that creates a listing manages it) may upload for it.
	u := currentUser(r)
	f, ok := h.readImageForm(w, r)
	if !ok {
		return
	}
	kind := store.ImageKind(f.Values.Get("kind"))
	if kind != store.ImageLogo && kind != store.ImagePhoto {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"errors": map[string]string{"kind": "Say whether the image is the logo or a photo."}})
		return
	}
	if f.File != nil {
		if msg := h.uploadLimited(w, r); msg != "" {
			writeJSON(w, http.StatusTooManyRequests, map[string]any{"errors": map[string]string{"file": msg}})
			return
		}
	}
	ctx := r.Context()
	pic, err := h.domain.Images.KeepUpload(ctx, f.Upload)
	if err != nil {
		msg, status, ok := h.uploadMessage(r, err)
		if !ok {
			h.serverError(w, r, err)
			return
		}
		writeJSON(w, status, map[string]any{"errors": map[string]string{"file": msg}})
		return
	}
	img, err := h.domain.Images.AddPending(ctx, u.Account(), u.ID, kind, pic)
	if h.broken(w, r, err) {
		return
	}
	p := h.present.PendingImage(img, "", "")
	writeJSON(w, http.StatusCreated, map[string]any{"id": p.ID, "kind": p.Kind, "thumb": p.Thumb})
}

// wizardRules are the rules of a listing's images on bill's plan, for
// the wizard's hints and its island.
func wizardRules(bill domain.Billing) views.WizardRules {
	return views.WizardRulesFor(imageRules, bill.Plan.Name, bill.Photos())
}

// newWizardImages is the part as the wizard starts: nothing uploaded.
func newWizardImages(bill domain.Billing) *views.WizardImages {
	return &views.WizardImages{Rules: wizardRules(bill), Photos: make([]views.PhotoSlot, min(views.WizardPhotoSlots, bill.Photos()))}
}
