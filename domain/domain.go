// Package domain holds the product's rules: what a listing, a lead, a
// review, an account and a plan may be, and the operations that change
// several records together (receive a lead: store it, score it, lock it
// past the plan's cap, tell the owner and the account's webhooks; publish
// a listing; reply to a review; close an account). Pages (handlers), the
// public API (handlers/api), the background workers (workers) and imports
// all call it, so a rule is written once and every way in obeys it.
//
// It takes typed inputs and answers field errors (Invalid), plain Go
// values and the store's sentinel errors; it imports neither net/http nor
// views. Each area of the product is a small type (Accounts, Listings,
// Leads, Reviews, Plans, …) over the same dependencies, so no single type
// gathers every rule.
package domain

import (
	"log/slog"
	"time"

	"bizprofile/ai"
	bizmail "bizprofile/mail"
	"bizprofile/storage"
	"bizprofile/store"
)

// Deps is what the rules need from the outside world; main.go builds it.
type Deps struct {
	Log   *slog.Logger
	Store *store.Store
	// Site names the app in emails and makes their links absolute.
	Site bizmail.Site
	// Production: outgoing webhooks and links follow the production rules.
	Production bool
	// AdminEmails are administrators by configuration, besides the
	// accounts granted it by command (lower-case addresses); they are told
	// of listings held for review and of verification requests.
	AdminEmails []string
	// Media keeps listing images; nil for tools that keep none.
	Media storage.Store
	// Insights writes AI insights and reads reviews' sentiment; nil: the
	// built-in analyser.
	Insights ai.Provider
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// Backups are the scheduled backups' settings; zero: none.
	Backups BackupSettings
}

// Domain is every area of the product's rules.
type Domain struct {
	Accounts *Accounts
	Plans    *Plans
	Listings *Listings
	Leads    *Leads
	Reviews  *Reviews
	Images   *Images
	Events   *Events
	// Integrations are API keys and webhook endpoints.
	Integrations *Integrations
	Insights     *Insights
	// Branding and Moderation: a listing's custom branding; the
	// administrators' actions on listings.
	Branding   *Branding
	Moderation *Moderation
	// Analytics: the owners' monthly summaries. MailingLists: the lists'
	// subscribers and broadcasts. Incidents: the status page's.
	Analytics    *Analytics
	MailingLists *MailingLists
	Incidents    *Incidents
	// SiteForms are the contact, suggestion and partner forms.
	SiteForms *SiteForms
	// Partners is the partner programme: accounts, referrals, commissions
	// and payouts.
	Partners *Partners
	// Agencies are partners acting for client businesses: client
	// listings, their hand-over, white label and lead zones.
	Agencies *Agencies
	// Imports are CSV imports (and the export) of listings.
	Imports *Imports
	Backups *Backups
}

// env is what every area shares: the dependencies and the helpers that
// several areas use (mail, tokens, the plan in force, webhook events).
type env struct {
	log         *slog.Logger
	store       *store.Store
	site        bizmail.Site
	production  bool
	adminEmails []string
	media       storage.Store
	insights    ai.Provider
	now         func() time.Time
	// listed is the cached count of published listings (Listings.Listed).
	listed *listedCount
}

// New builds the rules from their dependencies.
func New(d Deps) *Domain {
	e := &env{log: d.Log, store: d.Store, site: d.Site, production: d.Production, adminEmails: d.AdminEmails,
		media: d.Media, insights: d.Insights, now: d.Now}
	if e.now == nil {
		e.now = time.Now
	}
	if e.insights == nil {
		e.insights = ai.Analyser{}
	}
	if e.log == nil {
		e.log = slog.New(slog.DiscardHandler)
	}
	if e.store != nil {
		e.listed = newListedCount(e.store.CountPublished, e.log)
	}
	return &Domain{
		Accounts: &Accounts{e}, Plans: &Plans{e}, Listings: &Listings{e}, Leads: &Leads{e},
		Reviews: &Reviews{e}, Images: newImages(e), Events: &Events{e}, Integrations: &Integrations{e}, Insights: &Insights{e},
		Branding: &Branding{e}, Moderation: &Moderation{e},
		Analytics: &Analytics{e}, MailingLists: &MailingLists{e}, Incidents: &Incidents{e}, SiteForms: &SiteForms{e}, Partners: &Partners{e},
		Agencies: &Agencies{e},
		Imports:  &Imports{e},
		Backups:  &Backups{env: e, set: d.Backups},
	}
}

// Site is the app's name and addresses, as emails and links need them.
func (d *Domain) Site() bizmail.Site { return d.Plans.site }
