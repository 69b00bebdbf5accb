package domain

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/store"
)

// The images of a listing as its owner (or a member of their account)
// manages them: a logo and the photos the plan allows, each photo
// described, ordered, one of them the cover; and the wizard's uploads,
// which wait as pending images until the listing exists.

// NewImage is a logo or a photo an owner adds to a listing: a file just
// sent, or a photo kept before without its alt text (PendingID) sent
// again with it.
type NewImage struct {
	BusinessID, AccountID, UserID int64
	Kind                          store.ImageKind
	Alt                           string // a photo's; a logo has none
	Upload
	PendingID int64 // a pending photo of the account, when no file came
	Photos    int   // how many photos the listing has now
	MaxPhotos int   // how many it shows: the account's Billing.Photos
}

// Full reports whether n is a photo the listing has no room for.
func (n NewImage) Full() bool { return n.Kind == store.ImagePhoto && n.Photos >= n.MaxPhotos }

// Add adds n to its listing: the plan's cap first, then the file, then
// the photo's alt text. A photo whose file passed but whose alt text did
// not is kept as a pending upload and returned with an Invalid error
// ("alt"), so the form sent back needs only the text. A logo replaces the
// listing's logo (whose files are deleted through the queue).
// store.ErrTooManyPhotos when the listing is full; a refused file is an
// *images.Error and a storage failure wraps ErrStorage.
func (im *Images) Add(ctx context.Context, n NewImage) (store.ListingImage, error) {
	if n.Full() {
		return store.ListingImage{}, store.ErrTooManyPhotos
	}
	img := store.ListingImage{AccountID: n.AccountID, Kind: n.Kind, Alt: n.Alt, UploadedBy: sql.NullInt64{Int64: n.UserID, Valid: n.UserID != 0}}
	if n.Kind == store.ImageLogo {
		img.Alt = ""
	}
	if n.PendingID > 0 && n.Kind == store.ImagePhoto && n.File == nil && !n.TooLarge {
		pending, err := im.store.PendingImages(ctx, n.AccountID, []int64{n.PendingID})
		if err != nil {
			return store.ListingImage{}, err
		}
		if len(pending) == 1 && pending[0].Kind == store.ImagePhoto {
			img.ID, img.Picture = pending[0].ID, pending[0].Picture
		}
	}
	if img.ID == 0 {
		pic, err := im.KeepUpload(ctx, n.Upload)
		if err != nil {
			return store.ListingImage{}, err
		}
		img.Picture = pic
	}
	if n.Kind == store.ImagePhoto {
		if msg := CheckAlt(n.Alt); msg != "" {
			if img.ID == 0 {
				kept, err := im.store.AddPendingImage(ctx, img)
				if err != nil {
					return store.ListingImage{}, err
				}
				img.ID = kept.ID
			}
			return img, Invalid{"alt": msg}
		}
	}
	var added store.ListingImage
	err := im.store.InTx(ctx, func(tx *store.Store) error {
		var replaced []store.ListingImage
		var err error
		if added, replaced, err = tx.AddListingImage(ctx, n.BusinessID, img, n.MaxPhotos); err != nil {
			return err
		}
		return forgetImages(ctx, tx, replaced)
	})
	if err != nil {
		return store.ListingImage{}, err
	}
	im.log.Info("listing image added", "business_id", n.BusinessID, "image_id", added.ID, "kind", string(n.Kind), "user_id", n.UserID)
	return added, nil
}

// PhotoEdits are an owner's changes to a listing's photos, as the form
// sends them: the order (ids), a photo moved a place (Move, up or down:
// a Move up or Move down button), the cover and the alt texts sent, by
// id. Ids that are not the listing's photos are ignored.
type PhotoEdits struct {
	Order []int64
	Move  int64
	Up    bool
	Cover int64
	Alts  map[int64]string
}

// AltField is the form's field of photo id's alt text.
func AltField(id int64) string { return "alt_" + strconv.FormatInt(id, 10) }

// Arrange saves the alt texts, order and cover of the photos of the
// listing businessID and returns them in their new order. When an alt text
// will not do, nothing is saved: the error is Invalid (by AltField) and
// the photos are those the form asked for.
func (im *Images) Arrange(ctx context.Context, businessID int64, e PhotoEdits) ([]store.ListingImage, error) {
	imgs, err := im.store.ListingImages(ctx, businessID)
	if err != nil {
		return nil, err
	}
	byID := map[int64]store.ListingImage{}
	var stored []int64
	for _, img := range imgs {
		if img.Kind == store.ImagePhoto {
			byID[img.ID] = img
			stored = append(stored, img.ID)
		}
	}
	// The order sent (ids of this listing's photos, once each), then any
	// photo the form did not name, in its stored order.
	var order []int64
	for _, id := range slices.Concat(e.Order, stored) {
		if _, mine := byID[id]; mine && !slices.Contains(order, id) {
			order = append(order, id)
		}
	}
	if i := slices.Index(order, e.Move); i >= 0 {
		switch {
		case e.Up && i > 0:
			order[i-1], order[i] = order[i], order[i-1]
		case !e.Up && i < len(order)-1:
			order[i+1], order[i] = order[i], order[i+1]
		}
	}
	cover := e.Cover
	if _, mine := byID[cover]; !mine {
		cover = 0
	}
	edits := make([]store.ImageEdit, 0, len(order))
	photos := make([]store.ListingImage, 0, len(order))
	errs := catalog.FieldErrors{}
	for i, id := range order {
		ph := byID[id]
		if alt, sent := e.Alts[id]; sent {
			ph.Alt = strings.TrimSpace(alt)
		}
		if msg := CheckAlt(ph.Alt); msg != "" {
			errs[AltField(id)] = msg
		}
		if cover != 0 {
			ph.Cover = id == cover
		}
		ph.Position = i + 1
		edits = append(edits, store.ImageEdit{ID: id, Alt: ph.Alt, Position: i + 1})
		photos = append(photos, ph)
	}
	if err := invalid(errs); err != nil {
		return photos, err
	}
	return photos, im.store.EditListingImages(ctx, businessID, edits, cover)
}

// Chosen is what the wizard's form names as a listing's images: a logo
// and photos (by slot), each an id of a pending upload; a photo's alt text.
type Chosen struct {
	LogoID int64
	Photos []ChosenPhoto
}

// ChosenPhoto is one photo slot of the wizard's form; ID 0: none.
type ChosenPhoto struct {
	ID  int64
	Alt string
}

// Choice is the wizard's images once checked: the pending uploads found
// (a logo, the photos by slot; nil where a slot names none, or one that
// is not a pending upload of the account of that kind, or one named
// before), what to attach in order (the first photo becomes the cover),
// the alt texts that will not do by slot, and whether there are more
// photos than the plan shows.
type Choice struct {
	Logo    *store.ListingImage
	Photos  []*store.ListingImage
	Attach  []store.ListingImage
	AltErrs map[int]string
	TooMany bool
}

// Choose checks the wizard's images of accountID's account against bill.
func (im *Images) Choose(ctx context.Context, accountID int64, c Chosen, bill Billing) (Choice, error) {
	ids := []int64{}
	for _, id := range append([]int64{c.LogoID}, photoIDs(c.Photos)...) {
		if id > 0 {
			ids = append(ids, id)
		}
	}
	pending, err := im.store.PendingImages(ctx, accountID, ids)
	if err != nil {
		return Choice{}, err
	}
	byID := map[int64]*store.ListingImage{}
	for i := range pending {
		byID[pending[i].ID] = &pending[i]
	}
	ch := Choice{Photos: make([]*store.ListingImage, len(c.Photos)), AltErrs: map[int]string{}}
	if img := byID[c.LogoID]; img != nil && img.Kind == store.ImageLogo {
		ch.Logo = img
		ch.Attach = append(ch.Attach, store.ListingImage{ID: img.ID})
	}
	used := map[int64]bool{}
	for i, p := range c.Photos {
		img := byID[p.ID]
		if img == nil || img.Kind != store.ImagePhoto || used[img.ID] {
			continue
		}
		used[img.ID] = true
		ch.Photos[i] = img
		if msg := CheckAlt(p.Alt); msg != "" {
			ch.AltErrs[i] = msg
		}
		ch.Attach = append(ch.Attach, store.ListingImage{ID: img.ID, Alt: p.Alt})
	}
	ch.TooMany = len(used) > bill.Photos()
	return ch, nil
}

func photoIDs(ps []ChosenPhoto) []int64 {
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids
}
