package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"bizprofile/store"
)

// KindDeleteImages is the job of deleting images' files from storage once
// their rows are gone (an image deleted, a listing deleted, an account
// closed, an upload never used).
const KindDeleteImages = "delete_images"

// imagesPayload is a deletion job's payload: the pictures, as their lines.
type imagesPayload struct {
	Pictures []string `json:"pictures"`
}

// DeleteImages is the job of deleting the files of imgs' pictures that no
// image uses any more. It is enqueued in the transaction that deletes the
// rows, so the files go only if the rows did; none: no job (Kind "").
func DeleteImages(imgs []store.ListingImage) store.NewJob {
	var p imagesPayload
	seen := map[string]bool{}
	for _, img := range imgs {
		if s := img.Picture.String(); s != "" && !seen[s] {
			seen[s] = true
			p.Pictures = append(p.Pictures, s)
		}
	}
	if len(p.Pictures) == 0 {
		return store.NewJob{}
	}
	return store.NewJob{Kind: KindDeleteImages, Payload: mustJSON(p)}
}

// ForPictures is the handler of deletion jobs: it reads the pictures and
// has do delete their files.
func ForPictures(do func(ctx context.Context, pictures []store.Picture) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p imagesPayload
		if err := json.Unmarshal(payload, &p); err != nil {
			return fmt.Errorf("jobs: delete images payload: %w", err)
		}
		pics := make([]store.Picture, 0, len(p.Pictures))
		for _, s := range p.Pictures {
			pic, err := store.ParsePicture(s)
			if err != nil {
				return err
			}
			pics = append(pics, pic)
		}
		return do(ctx, pics)
	}
}

// describeImagesJob names a deletion job for /admin/jobs.
func describeImagesJob(kind string, payload []byte) (string, bool) {
	if kind != KindDeleteImages {
		return "", false
	}
	var p imagesPayload
	if json.Unmarshal(payload, &p) != nil {
		return "Delete image files", true
	}
	if len(p.Pictures) == 1 {
		return "Delete the files of 1 image", true
	}
	return "Delete the files of " + strconv.Itoa(len(p.Pictures)) + " images", true
}
