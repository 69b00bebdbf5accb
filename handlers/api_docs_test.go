package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/getkin/kin-openapi/openapi3"

	"bizprofile/apispec"
	"bizprofile/handlers/api"
	"bizprofile/ratelimit"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/views/content"
	"bizprofile/webhooks"
)

func TestAPIDocsDescribeEveryOperationAndProblem(t *testing.T) {
	app := newTestApp(t, store.SQLite, func(d *testDeps) { d.RateLimits.APIPerKey = ratelimit.Rate{Limit: 120, Window: time.Hour} })
	res, body := app.get(t, "/api/docs")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/docs: %d", res.StatusCode)
	}
	doc := parseHTML(t, body)
	if !strings.HasPrefix(pageTitle(doc), "API reference") {
		t.Errorf("title %q", pageTitle(doc))
	}
	if d, _ := doc.Find(`meta[name="description"]`).Attr("content"); !strings.Contains(d, "REST API") {
		t.Errorf("meta description %q", d)
	}
	doc.Find("script[src]").Each(func(_ int, s *goquery.Selection) {
		if src, _ := s.Attr("src"); strings.Contains(src, "//") {
			t.Errorf("a third-party script: %s", src)
		}
	})
	for _, h := range []string{"Authentication", "Rate limits", "Errors", "Pagination", "ETags", "Idempotency", "Webhooks", "Account", "Directory"} {
		if headings(doc, 2, h).Length() != 1 {
			t.Errorf("no heading %q", h)
		}
	}
	if got := textOf(byTestID(doc, "rate-limit")); !strings.Contains(got, "120 requests per hour") {
		t.Errorf("rate limit says %q, want the limit in force", got)
	}
	if got := textOf(byTestID(doc, "api-server")); got != app.URL+"/api/v1" && got != testSite.BaseURL+"/api/v1" {
		t.Errorf("server %q", got)
	}

	// Every operation of the document is on the page: its method and path
	// as its heading, its responses, a curl example.
	spec, err := apispec.Load(context.Background(), testSite.BaseURL)
	must(t, err)
	ops := byTestID(doc, "api-operation")
	n := 0
	for path, item := range spec.Paths.Map() {
		for method := range item.Operations() {
			n++
			found := ops.FilterFunction(func(_ int, s *goquery.Selection) bool {
				h := s.Find("h3").First()
				return textOf(h.Find(`[data-testid="operation-path"]`)) == path && textOf(h.Find(".badge")) == method
			})
			if found.Length() != 1 {
				t.Errorf("%s %s: %d headings on the page, want 1", method, path, found.Length())
				continue
			}
			if found.Find("dt").Length() < 3 || !strings.Contains(found.Find("pre code").Text(), "curl") || !strings.Contains(found.Find("pre code").Text(), path) {
				t.Errorf("%s %s: responses %v, example %q", method, path, texts(found.Find("dt")), found.Find("pre code").Text())
			}
			if op := item.GetOperation(method); len(op.Parameters) > 0 && found.Find("caption:contains('Parameters')").Length() != 1 {
				t.Errorf("%s %s: no parameters table", method, path)
			}
		}
	}
	if ops.Length() != n || n < 4 {
		t.Errorf("%d operations on the page, %d in the document", ops.Length(), n)
	}

	// Problem types link to their entry.
	for _, k := range api.ProblemKinds() {
		row := doc.Find("#problem-" + k.Code)
		if row.Length() != 1 || !strings.Contains(row.Text(), k.Title) {
			t.Errorf("no entry #problem-%s", k.Code)
		}
	}
	for _, e := range store.WebhookEvents {
		if !anyContains(texts(byTestID(doc, "webhook-event")), e) {
			t.Errorf("webhook event %s is not listed", e)
		}
	}
	for id, code := range map[string]string{"verify-go": views.WebhookVerifyGo, "verify-node": views.WebhookVerifyNode, "verify-python": views.WebhookVerifyPython} {
		if byTestID(doc, id).Text() != code {
			t.Errorf("the page's %s is not the code the tests run", id)
		}
	}

	// The /api page leads to the reference and to the keys.
	_, body = app.get(t, "/api")
	page := parseHTML(t, body)
	if linksTo(page, "/api/docs").Length() == 0 || linksTo(page, "/dashboard/api").Length() == 0 || linksTo(page, "/contact?subject=api").Length() != 0 {
		t.Errorf("/api links: docs %d, keys %d, contact form %d", linksTo(page, "/api/docs").Length(), linksTo(page, "/dashboard/api").Length(), linksTo(page, "/contact?subject=api").Length())
	}
	_, sitemap := app.get(t, "/sitemap.xml")
	if !strings.Contains(sitemap, testSite.BaseURL+"/api/docs<") {
		t.Errorf("the sitemap lacks /api/docs:\n%s", sitemap)
	}
}

func TestAPIPageListsTheDocumentsEndpoints(t *testing.T) {
	spec, err := apispec.Load(context.Background(), testSite.BaseURL)
	must(t, err)
	listed := map[string]bool{}
	for _, e := range content.APIEndpoints {
		listed[e.Method+" "+strings.TrimPrefix(e.Path, "/v1")] = true
		op := spec.Paths.Find(strings.TrimPrefix(e.Path, "/v1"))
		if op == nil || op.GetOperation(e.Method) == nil {
			t.Errorf("/api lists %s %s, which the API does not serve", e.Method, e.Path)
		}
	}
	for path, item := range spec.Paths.Map() {
		for method := range item.Operations() {
			if !listed[method+" "+path] {
				t.Errorf("/api does not list %s /v1%s", method, path)
			}
		}
	}
	// The quick start's answer has the shape the API answers with.
	var example any
	must(t, json.Unmarshal([]byte(content.APIQuickStartResponse), &example))
	if err := spec.Components.Schemas["DirectoryPage"].Value.VisitJSON(example, openapi3.EnableJSONSchema2020()); err != nil {
		t.Errorf("the quick start's example answer is not a directory page: %v", err)
	}
	if !strings.Contains(content.APIQuickStartRequest, "/v1/directory?") {
		t.Errorf("quick start request %q", content.APIQuickStartRequest)
	}
}

// verifyCase is one delivery for the documented verification code.
type verifyCase struct {
	Secret string `json:"secret"`
	Header string `json:"header"`
	Body   string `json:"body"`
	Now    int64  `json:"now"`
	Want   bool   `json:"-"`
	Name   string `json:"-"`
}

func TestAPIDocsWebhookVerificationCodeVerifies(t *testing.T) {
	secret := "whsec_abcdefghijklmnopqrstuvwxyz234567"
	body := []byte(`{"id":"evt_1","type":"lead.created","created":1767225600,"data":{"object":{"object":"lead","id":1}}}`)
	at := time.Unix(1767225600, 0)
	good := webhooks.Sign(secret, at, body)
	cases := []verifyCase{
		{Name: "a delivery as sent", Secret: secret, Header: good, Body: string(body), Now: at.Unix() + 30, Want: true},
		{Name: "a changed body", Secret: secret, Header: good, Body: strings.Replace(string(body), `"id":1`, `"id":2`, 1), Now: at.Unix(), Want: false},
		{Name: "another secret", Secret: secret + "x", Header: good, Body: string(body), Now: at.Unix(), Want: false},
		{Name: "ten minutes late", Secret: secret, Header: good, Body: string(body), Now: at.Unix() + 600, Want: false},
		{Name: "no signature", Secret: secret, Header: "t=1767225600", Body: string(body), Now: at.Unix(), Want: false},
	}
	input, err := json.Marshal(cases)
	must(t, err)
	check := func(t *testing.T, out []byte) {
		lines := strings.Fields(string(out))
		if len(lines) != len(cases) {
			t.Fatalf("%d answers for %d cases: %s", len(lines), len(cases), out)
		}
		for i, c := range cases {
			if (lines[i] == "ok") != c.Want {
				t.Errorf("%s: %s, want ok=%v", c.Name, lines[i], c.Want)
			}
		}
	}

	t.Run("go", func(t *testing.T) {
		dir := t.TempDir()
		must(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module verify\n\ngo 1.22\n"), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "verify.go"), []byte(views.WebhookVerifyGo), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

func main() {
	var cases []struct {
		Secret, Header, Body string
		Now                  int64
	}
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	for _, c := range cases {
		if err := verify(c.Secret, c.Header, []byte(c.Body), time.Unix(c.Now, 0)); err != nil {
			fmt.Println("refused")
		} else {
			fmt.Println("ok")
		}
	}
}
`), 0o644))
		goBin, err := exec.LookPath("go")
		must(t, err)
		cmd := exec.Command(goBin, "run", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
		cmd.Stdin = strings.NewReader(string(input))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go run: %v\n%s", err, out)
		}
		check(t, out)
	})
	t.Run("node", func(t *testing.T) {
		node, err := exec.LookPath("node")
		if err != nil {
			t.Skip("node is not installed")
		}
		script := views.WebhookVerifyNode + `
const cases = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
for (const c of cases) console.log(verify(c.secret, c.header, Buffer.from(c.body), c.now) ? "ok" : "refused");
`
		cmd := exec.Command(node, "-e", script)
		cmd.Stdin = strings.NewReader(string(input))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("node: %v\n%s", err, out)
		}
		check(t, out)
	})
	t.Run("python", func(t *testing.T) {
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("python3 is not installed")
		}
		script := views.WebhookVerifyPython + `
import json, sys
for c in json.load(sys.stdin):
    print("ok" if verify(c["secret"], c["header"], c["body"].encode(), c["now"]) else "refused")
`
		cmd := exec.Command(py, "-c", script)
		cmd.Stdin = strings.NewReader(string(input))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("python3: %v\n%s", err, out)
		}
		check(t, out)
	})
}
