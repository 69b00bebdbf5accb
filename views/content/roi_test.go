package content

import (
	"strconv"
	"testing"
)

// The ROI page's example adds up: the month's leads, the share won and the
// average order give the return, and the return against the investment
// gives the ROI it is named for.
func TestROIExampleAddsUp(t *testing.T) {
	if got := ROILeadsPerMonth * ROIWonPercent / 100 * ROIOrderValue; got != ROIReturn {
		t.Errorf("%d leads × %d%% × $%d = $%d, but the example's return is $%d", ROILeadsPerMonth, ROIWonPercent, ROIOrderValue, got, ROIReturn)
	}
	if got := strconv.Itoa((ROIReturn-ROIInvestment)*100/ROIInvestment) + "%"; got != ROIAverage {
		t.Errorf("($%d − $%d) ÷ $%d = %s, but the page says %s", ROIReturn, ROIInvestment, ROIInvestment, got, ROIAverage)
	}
}
