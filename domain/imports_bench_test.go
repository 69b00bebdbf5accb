package domain_test

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// BenchmarkImport10000Rows checks and imports a file of 10,000 new
// listings, on each engine, as an agency (client listings) and as an owner
// (listings that go live, each name checked against look-alikes), each
// time into a fresh database. Besides the time it reports the peak of the
// Go heap in use while importing (sampled every 5 ms) and the bytes
// allocated, in MB.
func BenchmarkImport10000Rows(b *testing.B) {
	body := manyRows(domain.MaxImportRows)
	for _, engine := range storetest.Engines() {
		for _, agency := range []bool{true, false} {
			name := string(engine) + "/owner"
			if agency {
				name = string(engine) + "/agency"
			}
			b.Run(name, func(b *testing.B) {
				ctx := context.Background()
				var peak, allocated uint64
				for b.Loop() {
					b.StopTimer()
					s := storetest.Open(b, engine)
					d := domain.New(domain.Deps{Store: s})
					who := benchImporter(b, s, d, agency)
					runtime.GC()
					var before runtime.MemStats
					runtime.ReadMemStats(&before)
					stop := samplePeakHeap(&peak)
					b.StartTimer()
					id, err := d.Imports.Upload(ctx, who, "locations.csv", []byte(body))
					if err == nil {
						err = d.Imports.Check(ctx, id)
					}
					var imp store.Import
					if err == nil {
						imp, err = d.Imports.Import(ctx, who, id)
					}
					if err == nil {
						err = d.Imports.Start(ctx, imp)
					}
					for err == nil && imp.State != store.ImportDone {
						if err = d.Imports.Run(ctx, id); err == nil {
							imp, err = d.Imports.Import(ctx, who, id)
						}
					}
					b.StopTimer()
					stop()
					var after runtime.MemStats
					runtime.ReadMemStats(&after)
					allocated += after.TotalAlloc - before.TotalAlloc
					if err != nil || imp.Created != domain.MaxImportRows {
						b.Fatalf("the import: %v, %d created", err, imp.Created)
					}
					b.StartTimer()
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
				b.ReportMetric(float64(allocated)/float64(b.N)/(1<<20), "alloc-MB/op")
			})
		}
	}
}

// benchImporter is a verified owner, or an approved partner.
func benchImporter(b *testing.B, s *store.Store, d *domain.Domain, agency bool) domain.Importer {
	ctx := context.Background()
	kind := store.KindBusiness
	if agency {
		kind = store.KindPartner
	}
	u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "bench@importer.example", PasswordHash: "x", Kind: kind, Profile: store.Profile{FullName: "Bench"}})
	if err == nil {
		err = s.MarkEmailVerified(ctx, u.ID)
	}
	if err == nil {
		u, err = s.UserByID(ctx, u.ID)
	}
	if err != nil || !agency {
		if err != nil {
			b.Fatal(err)
		}
		return domain.Importer{User: u}
	}
	err = d.Partners.Apply(ctx, u, domain.PartnerApplication{Name: "Pat", Company: "Pat Co", Kind: "referral", Plan: "partner", AcceptTerms: true})
	if err == nil {
		err = d.Partners.Decide(ctx, store.User{ID: u.ID}, u.ID, domain.PartnerDecision{Approve: true})
	}
	p, err2 := d.Partners.Account(ctx, u.ID)
	if err != nil || err2 != nil {
		b.Fatal(err, err2)
	}
	return domain.Importer{User: u, Agency: &p}
}

// samplePeakHeap raises *peak to the heap in use, sampled until stop.
func samplePeakHeap(peak *uint64) (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for !done.Load() {
			runtime.ReadMemStats(&m)
			*peak = max(*peak, m.HeapInuse)
			time.Sleep(5 * time.Millisecond)
		}
	}()
	return func() { done.Store(true); wg.Wait() }
}
