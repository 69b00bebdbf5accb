package domain

import (
	"os"
	"testing"

	"bizprofile/store/storetest"
)

func TestMain(m *testing.M) {
	LightPasswordWork()
	os.Exit(storetest.Main(m))
}
