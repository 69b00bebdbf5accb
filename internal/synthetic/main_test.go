package synthetic

import (
	"os"
	"testing"

	"bizprofile/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
