package domain

import (
	"math"

	"bizprofile/store"
)

// Claimed reports whether b is claimed: an owner manages it, whether they
// claimed it or created it (a listing made by its owner never goes
// through a claim, yet nobody else can claim it).
func Claimed(b store.Business) bool { return b.Claimed || b.OwnerID.Valid }

// ListingShares are the parts of bs that are verified and claimed
// (Claimed), as rounded percentages (0 of none), as the dashboard shows
// them.
func ListingShares(bs []store.Business) (verified, claimed int) {
	for _, b := range bs {
		if b.Verified {
			verified++
		}
		if Claimed(b) {
			claimed++
		}
	}
	return percent(verified, len(bs)), percent(claimed, len(bs))
}

// percent is part of whole as a rounded percentage (0 for an empty whole).
func percent(part, whole int) int {
	if whole == 0 {
		return 0
	}
	return int(math.Round(float64(part) * 100 / float64(whole)))
}
