package catalog

// ImportMaxRows is how many listings one CSV import may hold (issue 37);
// ImportMaxRowsText is it as the copy writes it: "10,000".
const ImportMaxRows = 10_000

var ImportMaxRowsText = thousands(ImportMaxRows)
