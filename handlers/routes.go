package handlers

import (
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/klauspost/compress/gzip"

	"bizprofile/assets"
	"bizprofile/handlers/api"
	"bizprofile/storage"
	"bizprofile/views"
)

// Routes is the whole URL table of the app, with the middleware each group
// runs through.
func (h *Handlers) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(h.forwardedFor, withRequestID, h.observe, h.recoverPanic, h.securityHeaders, h.crossOriginProtection, limitBody)

	// Operations: no session, no compression, never cached.
	r.Get("/healthz", h.healthz)
	r.Get("/readyz", h.readyz)
	r.Get("/metrics", h.metricsEndpoint)
	r.Handle(assets.Prefix+"*", assets.Handler())
	// Listing images kept in the DATA_DIR folder; a bucket serves its own.
	if disk, ok := h.media.(*storage.Disk); ok {
		r.Handle(storage.MediaPrefix+"*", disk.Handler())
	}
	// A listing's initials placeholder and its branding's stylesheet
	// (placeholder.go, brand_css.go): made from the address alone, no
	// session, cached for a year.
	r.Get("/placeholders/{category}/{initials}.svg", h.placeholder)
	r.Get("/brand/{colour}.css", h.brandStylesheet)
	r.Get("/directory/{slug}/badge.svg", h.reviewBadge) // review_badge.go: for owners' own sites
	// Stripe's events: no session, no cookies; the signature is the
	// authentication (Stripe sends no Origin, so cross-origin protection
	// lets them through).
	r.Post("/webhooks/stripe", h.stripeWebhook)
	// The public REST API (handlers/api): bearer API keys, no session, no
	// cookies, JSON only.
	if h.api != nil {
		r.Mount("/api/v1", h.api)
	}
	// The status page (status.go) answers while the database is down: it
	// loads the session only when the database answers.
	r.With(h.statusSessions, compress("text/html")).Get("/status", h.statusPage)

	// Pages: sessions (for toasts and, later, accounts) and compression.
	// gzip at level 1 (nginx's default for dynamic pages): a directory
	// page compresses to 11 KB instead of 9.4 KB at level 5, in less than
	// half the time, which under load is a quarter of a search's work.
	pages := compress("text/html", "text/plain", "application/json", "application/xml")
	r.Group(func(r chi.Router) {
		// ?ref={code}: a partner's referral link on any page (partner_links.go).
		r.Use(h.referralParam, h.sessions.LoadAndSave, h.loadUser, pages, h.checkQuery)

		r.Get("/", h.page(views.HomePage))
		// Accounts.
		r.Get("/login", h.loginPage)
		r.Post("/login", h.login)
		r.Get("/signup", h.loginPage)
		r.Post("/signup", h.signup)
		r.Post("/logout", h.logout)
		r.Get("/business/signup", h.businessSignupPage)
		r.Post("/business/signup", h.businessSignup)
		r.Get("/individual/signup", h.individualSignupPage)
		r.Post("/individual/signup", h.individualSignup)
		r.Get("/verify-email", h.verifyEmail)
		r.Post("/verify-email/resend", h.resendVerification)
		r.Post("/password/forgot", h.forgotPassword)
		r.Get("/reset-password", h.resetPasswordPage)
		r.Post("/reset-password", h.resetPassword)
		r.Get("/profile/confirm-email", h.confirmEmail)
		r.Get("/listing-email/confirm", h.listingEmailPage)
		r.Post("/listing-email/confirm", h.confirmListingEmail)
		// An invitation's link (team.go): the page asks before joining; a
		// signed-out visitor is offered to sign in and come back.
		r.Get("/team/invite", h.teamInvitePage)
		r.Post("/team/invite", h.acceptTeamInvite)
		r.Get("/clients/invite", h.clientInvitePage) // partner_clients.go
		r.Post("/clients/invite", h.acceptClientInvite)

		// Signed-in only.
		r.Group(func(r chi.Router) {
			r.Use(h.requireUser)
			r.Get("/dashboard", h.dashboard)
			r.Get("/ai-insights/list", h.insightsList)
			r.Post("/ai-insights/generate", h.generateInsights)
			r.Get("/business/create-profile", h.createProfilePage)
			r.With(allowBody(wizardBodyBytes)).Post("/business/create-profile", h.createProfile)
			// The wizard island's uploads, kept until the listing exists.
			r.With(allowBody(maxUploadBytes)).Post("/dashboard/images", h.uploadImage)
			r.Get("/dashboard/businesses/{id}", h.manageBusinessPage)
			r.Post("/dashboard/businesses/{id}", h.updateBusiness)
			r.Post("/dashboard/businesses/{id}/publish", h.publishBusiness)
			// Custom branding of Growth and Pro (branding.go).
			r.Post("/dashboard/businesses/{id}/branding", h.saveBranding)
			r.Post("/dashboard/businesses/{id}/email/resend", h.resendListingEmail)
			// Verification of a listing by its owner (verification.go).
			r.Post("/dashboard/businesses/{id}/verification", h.requestVerification)
			r.Post("/dashboard/businesses/{id}/verification/domain", h.verifyByDomain)
			r.Get("/dashboard/businesses/{id}/delete", h.deleteBusinessPage)
			r.Post("/dashboard/businesses/{id}/delete", h.deleteBusiness)
			// The listing's logo and photos (listing_images.go); the upload
			// island posts to the same URLs for JSON answers.
			r.With(allowBody(maxUploadBytes)).Post("/dashboard/businesses/{id}/images", h.addListingImage)
			r.Post("/dashboard/businesses/{id}/images/edit", h.editListingImages)
			r.Get("/dashboard/businesses/{id}/images/{imageID}/delete", h.deleteListingImagePage)
			r.Post("/dashboard/businesses/{id}/images/{imageID}/delete", h.deleteListingImage)
			// The owner's reviews page (owner_reviews.go, review_requests.go).
			r.Get("/dashboard/businesses/{id}/reviews", h.ownerReviewsPage)
			r.Get("/dashboard/businesses/{id}/reviews/qr.svg", h.reviewQRCode)
			r.Post("/dashboard/businesses/{id}/reviews/requests", h.sendReviewRequests)
			r.Post("/dashboard/reviews/{id}/reply", h.replyToReview)
			r.Post("/dashboard/reviews/{id}/reply/delete", h.deleteReply)
			// The owner's lead inbox (lead_inbox.go).
			r.Get("/dashboard/leads", h.leadInbox)
			r.Get("/dashboard/leads.csv", h.leadsCSV)
			r.Get("/dashboard/leads/{id}", h.leadPage)
			r.Post("/dashboard/leads/{id}/status", h.updateLeadStatus)
			r.Post("/dashboard/leads/{id}/notes", h.addLeadNote)
			r.Post("/dashboard/leads/{id}/reply", h.replyToLead)
			r.Get("/dashboard/leads/{id}/delete", h.deleteLeadPage)
			r.Post("/dashboard/leads/{id}/delete", h.deleteLead)
			// CSV import and export of listings (imports.go): an owner's
			// locations, or an agency's client listings.
			r.Get("/dashboard/import", h.importsPage)
			r.With(allowBody(importBodyBytes)).Post("/dashboard/import", h.uploadImport)
			r.Get("/dashboard/import/template.csv", h.importTemplate)
			r.Get("/dashboard/import/{id}", h.importPage)
			r.Post("/dashboard/import/{id}/run", h.runImport)
			r.Get("/dashboard/import/{id}/result.csv", h.importResult)
			r.Get("/dashboard/export.csv", h.exportListings)
			// Analytics (analytics.go, analytics_sections.go): the owner's
			// listings' views, clicks, leads and reviews over a range.
			r.Get("/dashboard/analytics", h.analyticsPage)
			r.Get("/dashboard/analytics.csv", h.analyticsCSV)
			r.Post("/dashboard/analytics/order-value", h.saveOrderValue)
			// API keys and webhook endpoints, the account owner's
			// (api_keys.go, webhook_endpoints.go).
			r.Get("/dashboard/api", h.apiPage)
			r.Post("/dashboard/api/keys", h.createAPIKey)
			r.Get("/dashboard/api/keys/{id}/revoke", h.revokeAPIKeyPage)
			r.Post("/dashboard/api/keys/{id}/revoke", h.revokeAPIKey)
			r.Post("/dashboard/api/webhooks", h.createWebhookEndpoint)
			r.Get("/dashboard/api/webhooks/{id}", h.webhookEndpointPage)
			r.Post("/dashboard/api/webhooks/{id}", h.updateWebhookEndpoint)
			r.Get("/dashboard/api/webhooks/{id}/delete", h.deleteWebhookEndpointPage)
			r.Post("/dashboard/api/webhooks/{id}/delete", h.deleteWebhookEndpoint)
			r.Post("/dashboard/api/webhooks/{id}/enable", h.enableWebhookEndpoint)
			r.Get("/dashboard/api/webhooks/{id}/rotate", h.rotateWebhookSecretPage)
			r.Post("/dashboard/api/webhooks/{id}/rotate", h.rotateWebhookSecret)
			r.Post("/dashboard/api/webhooks/{id}/test", h.sendTestEvent)
			r.Post("/dashboard/api/webhooks/{id}/deliveries/{delivery}/resend", h.resendDelivery)
			// An individual's home (individual_home.go, saved.go): /dashboard
			// serves it to individual accounts; its parts are anyone's.
			r.Get("/dashboard/requests", h.yours(views.YoursRequests))
			r.Get("/dashboard/reviews", h.yours(views.YoursReviews))
			r.Get("/dashboard/saved", h.savedPage)
			r.Post("/dashboard/business-account", h.becomeBusinessAccount)
			r.Get("/profile", h.profilePage)
			r.Post("/profile", h.saveProfile)
			r.Post("/profile/password", h.changePassword)
			r.Post("/profile/email", h.changeEmail)
			r.Post("/profile/review-alerts", h.saveReviewAlerts)
			r.Post("/profile/analytics-summary", h.saveAnalyticsSummary)
			// The account's data and its closing (account_data.go,
			// account_close.go).
			r.Get("/profile/data.json", h.downloadAccountData)
			r.Get("/profile/close", h.closeAccountPage)
			r.Post("/profile/close", h.closeAccount)
			r.Post("/billing/portal", h.billingPortal)
			// A partner's Stripe Connect onboarding (partner_connect.go).
			r.Post("/partners/dashboard/connect", h.startPartnerConnect)
			r.Get("/partners/dashboard/connect/return", h.finishPartnerConnect)
			// The account's team (team.go): its owner invites, removes and
			// hands the account over; members see it and may leave.
			r.Get("/dashboard/team", h.teamPage)
			r.Post("/dashboard/team/invites", h.inviteTeamMember)
			r.Post("/dashboard/team/invites/{id}/resend", h.resendTeamInvite)
			r.Post("/dashboard/team/invites/{id}/revoke", h.revokeTeamInvite)
			r.Get("/dashboard/team/members/{id}/remove", h.removeTeamMemberPage)
			r.Post("/dashboard/team/members/{id}/remove", h.removeTeamMember)
			r.Get("/dashboard/team/members/{id}/transfer", h.transferTeamPage)
			r.Post("/dashboard/team/members/{id}/transfer", h.transferTeam)
			r.Get("/dashboard/team/leave", h.leaveTeamPage)
			r.Post("/dashboard/team/leave", h.leaveTeam)
			// The partner area (partner_dashboard.go): a partner's standing,
			// link, figures, money and referrals.
			r.Get("/partners/dashboard", h.partnerDashboard)
			r.Get("/partners/dashboard.csv", h.partnerDashboardCSV)
			r.Get("/partners/dashboard/qr.svg", h.partnerQRCode)
			// An agency's client listings (partner_clients.go): created by
			// the wizard's rules, handed to their client by an emailed
			// invitation, managed until the client removes the agency.
			r.Get("/partners/clients", h.partnerClients)
			r.Get("/partners/clients/new", h.newPartnerClientPage)
			r.Post("/partners/clients", h.createPartnerClient)
			r.Get("/partners/clients/{id}", h.partnerClientPage)
			r.Post("/partners/clients/{id}/invite", h.inviteClient)
			r.Get("/partners/clients/{id}/edit", h.editPartnerClientPage)
			r.Post("/partners/clients/{id}/edit", h.editPartnerClient)
			// White label (agency_brand.go, Partner+): the agency's brand,
			// a client listing's settings and its monthly report.
			r.Get("/partners/brand", h.agencyBrandPage)
			r.With(allowBody(maxUploadBytes)).Post("/partners/brand", h.saveAgencyBrand)
			r.Post("/partners/brand/logo/delete", h.removeAgencyLogo)
			r.Get("/partners/clients/{id}/white-label", h.clientWhiteLabelPage)
			r.Post("/partners/clients/{id}/white-label", h.saveClientWhiteLabel)
			r.Get("/partners/clients/{id}/report", h.clientReport)
			// Exclusive lead zones (partner_zones.go, Partner+): the
			// agency's zones and their figures, its requests, withdrawals.
			r.Get("/partners/zones", h.partnerZones)
			r.Post("/partners/zones", h.requestZone)
			r.Post("/partners/zones/{id}/withdraw", h.withdrawZone)
			r.Get("/dashboard/businesses/{id}/agency/remove", h.removeAgencyPage)
			r.Post("/dashboard/businesses/{id}/agency/remove", h.removeAgency)
			r.Get("/directory/{slug}/claim", h.claimPage)
			r.Post("/directory/{slug}/claim", h.claimBusiness)
		})

		// Administration: 404 to everyone but administrators.
		r.Route("/admin", func(r chi.Router) {
			r.Use(h.requireAdmin)
			r.Get("/", h.adminHome)
			r.Get("/businesses", h.adminBusinesses)
			r.Get("/businesses.csv", h.exportList(h.businessesList()))
			r.Get("/businesses/{id}", h.adminBusiness)
			r.Post("/businesses/{id}/moderate", h.moderateBusiness)
			r.Get("/businesses/{id}/images/{image}/remove", h.removeImagePage)
			r.Post("/businesses/{id}/images/{image}/remove", h.removeImage)
			r.Get("/claims", h.adminClaims)
			r.Get("/claims.csv", h.exportList(h.claimsList()))
			r.Post("/claims/{id}/approve", h.decideClaim(true))
			r.Post("/claims/{id}/reject", h.decideClaim(false))
			r.Get("/verifications", h.adminVerifications)
			r.Post("/verifications/{id}/approve", h.decideVerification(true))
			r.Post("/verifications/{id}/reject", h.decideVerification(false))
			r.Get("/held", h.adminHolds)
			r.Get("/held.csv", h.exportList(h.holdsList()))
			r.Post("/held/{id}/approve", h.decideHold(true))
			r.Post("/held/{id}/reject", h.decideHold(false))
			r.Get("/reviews", h.adminReviews)
			r.Post("/reviews/{id}/keep", h.decideReview("keep"))
			r.Post("/reviews/{id}/hide", h.decideReview("hide"))
			r.Post("/reviews/{id}/delete", h.decideReview("delete"))
			// Incidents on the status page (admin_status.go).
			r.Get("/status", h.adminStatus)
			r.Post("/status/incidents", h.openIncident)
			r.Post("/status/incidents/{id}/updates", h.postIncidentUpdate)
			// The newsletter (admin_newsletter.go).
			r.Get("/newsletter", h.adminNewsletters)
			r.Post("/newsletter", h.createNewsletter)
			r.Get("/newsletter/new", h.newNewsletter)
			r.Get("/newsletter/{id}", h.adminNewsletter)
			r.Post("/newsletter/{id}", h.updateNewsletter)
			r.Get("/newsletter/{id}/send", h.newsletterSendPage)
			r.Post("/newsletter/{id}/send", h.sendNewsletter)
			r.Post("/newsletter/{id}/delete", h.deleteNewsletter)
			// Partner payouts and commissions (admin_payouts.go).
			r.Get("/payouts", h.adminPayouts)
			r.Get("/payouts.csv", h.adminPayoutsCSV)
			r.Post("/payouts/{id}/paid", h.markPayoutPaid)
			r.Post("/payouts/now", h.payOutNow)
			r.Post("/commissions/{id}/void", h.voidCommission)
			r.Get("/jobs", h.adminJobs)
			r.Post("/jobs/{id}/retry", h.retryJob)
			r.Post("/jobs/{id}/discard", h.discardJob)
			r.Get("/messages", h.showList(h.messagesList()))
			r.Get("/messages.csv", h.exportList(h.messagesList()))
			r.Get("/suggestions", h.showList(h.suggestionsList()))
			r.Get("/suggestions.csv", h.exportList(h.suggestionsList()))
			// Partner accounts (admin_partners.go); the applications sent
			// before partner accounts existed keep their list.
			r.Get("/partners", h.adminPartners)
			r.Get("/partners/applications", h.showList(h.partnersList()))
			r.Get("/partners/applications.csv", h.exportList(h.partnersList()))
			r.Get("/partners/{id}", h.adminPartner)
			r.Post("/partners/{id}/approve", h.decidePartner(true))
			r.Post("/partners/{id}/decline", h.decidePartner(false))
			r.Post("/partners/{id}/referrals", h.partnerReferral)
			r.Post("/businesses/{id}/referral", h.businessReferral)
			// Lead zones (admin_zones.go): granted to one partner at a time.
			r.Get("/zones", h.adminZones)
			r.Post("/zones/{id}/grant", h.decideZone(true))
			r.Post("/zones/{id}/decline", h.decideZone(false))
			r.Post("/zones/{id}/revoke", h.decideZone(false))
			r.Get("/subscribers", h.showList(h.subscribersList()))
			r.Get("/subscribers.csv", h.exportList(h.subscribersList()))
			r.NotFound(h.notFound)
		})

		r.Get("/directory/{slug}", h.businessPage)
		// Reviews (reviews.go, review_form.go): each handler sends a
		// signed-out visitor to sign in and back.
		r.Get("/directory/{slug}/reviews", h.reviewsPage)
		r.Get("/directory/{slug}/review", h.reviewFormPage)
		r.Post("/directory/{slug}/review", h.saveReview)
		r.Get("/directory/{slug}/review/delete", h.deleteReviewPage)
		r.Post("/directory/{slug}/review/delete", h.deleteReview)
		r.Post("/reviews/{id}/helpful", h.markHelpful)
		// Saved businesses (saved.go): a signed-out visitor is sent to
		// sign in, then back to the page.
		r.Post("/directory/{slug}/save", h.saveBusiness)
		r.Post("/directory/{slug}/unsave", h.unsaveBusiness)
		// Reports (review_reports.go): a signed-out visitor is sent to
		// sign in and back to the form.
		r.Get("/reviews/{id}/report", h.reviewReportPage)
		r.Post("/reviews/{id}/report", h.reportReview)
		r.Get("/directory/{slug}/out/{link}", h.listingOut)
		r.Get("/directory/{slug}/contact", h.contactBusinessPage)
		r.Post("/directory/{slug}/contact", h.contactBusiness)
		// Quote requests (quote_requests.go): sent to up to 5 matching
		// businesses; the request's page is known by its token.
		r.Get("/request", h.quoteRequestPage)
		r.Post("/request", h.sendQuoteRequest)
		r.Get("/requests/{token}", h.quoteRequestSentPage)
		r.Post("/requests/{token}/confirm", h.confirmQuoteRequest)
		r.Get("/sitemap.xml", h.sitemap)
		r.Get("/sitemap-{n}.xml", h.sitemapPart)
		r.Get("/robots.txt", h.robots)
		r.Get("/.well-known/security.txt", h.securityTxt)
		r.Get("/ai-insights", h.insights)
		r.Get("/roi-breakdown", h.page(views.ROIPage))
		r.Get("/partners", h.page(views.PartnersPage))
		r.Get("/partners/terms", h.page(views.PartnerTermsPage))
		r.Get("/partners/signup", h.partnerSignupPage) // partner_signup.go
		r.Post("/partners/signup", h.applyPartner)
		// A partner's referral link (partner_links.go).
		r.Get("/r/{code}", h.followReferralLink)
		r.Get("/whats-new", h.whatsNewPage)
		r.Post("/whats-new/suggestions", h.suggestFeature)
		r.Get("/pricing", h.pricing)
		r.Post("/pricing", h.choosePlan)
		r.Get("/faq", h.page(views.FAQPage))
		r.Get("/features", h.page(views.FeaturesPage))
		r.Get("/api", h.page(views.APIPage))
		// The public API's reference, drawn from its OpenAPI document (api_docs.go).
		r.Get("/api/docs", h.apiDocs)
		r.Get("/about", h.page(views.AboutPage))
		r.Get("/careers", h.page(views.CareersPage))
		r.Get("/blog", h.blogPage)
		r.Post("/newsletter", h.subscribeNewsletter)
		r.Get("/press", h.page(views.PressPage))
		r.Get("/help", h.help)
		r.Get("/contact", h.contactPage)
		r.Post("/contact", h.sendContact)
		r.Post("/status/subscribe", h.subscribeStatus)
		r.Get("/subscribe/confirm", h.confirmSubscriptionPage)
		r.Post("/subscribe/confirm", h.confirmSubscription)
		r.Get("/unsubscribe", h.unsubscribePage)
		r.Post("/unsubscribe", h.unsubscribe)
		r.Get("/reviews/unsubscribe", h.reviewUnsubscribePage)
		r.Post("/reviews/unsubscribe", h.reviewUnsubscribe)
		r.Get("/privacy", h.page(views.PrivacyPage))
		r.Get("/terms", h.page(views.TermsPage))

		r.Post("/theme", h.setTheme)
	})

	// The directory's searches take turns (package turns), a few at once:
	// a turn, taken outside the compression, covers the search, rendering
	// and compression, and ends before the answer goes out (see Handler).
	r.Group(func(r chi.Router) {
		r.Use(h.referralParam, h.sessions.LoadAndSave, h.loadUser, h.searches.Handler, pages, h.checkQuery)
		r.Get("/directory", h.directory)
		r.Get("/directory.json", h.directoryJSON)
		r.Get("/directory/category/{category}", h.categoryPage)
		r.Get("/directory/in/{state}", h.statePage)
		r.Get("/directory/in/{state}/{city}", h.cityPage)
	})

	notFound := h.sessions.LoadAndSave(h.loadUser(http.HandlerFunc(h.notFound)))
	r.NotFound(notFound.ServeHTTP)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allow := api.AllowedMethods(r, req.URL.Path)
		if len(allow) == 0 { // a method chi does not know, on no route
			notFound.ServeHTTP(w, req)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
	})
	return r
}

// compress gzips answers of the types with klauspost's gzip in its
// stateless mode: each write compressed in one go with no tables kept
// between them (a level-1 writer holds about a megabyte, and a server
// under load held dozens), about twice as fast as the standard library.
func compress(types ...string) func(http.Handler) http.Handler {
	c := middleware.NewCompressor(1, types...)
	c.SetEncoder("gzip", func(w io.Writer, _ int) io.Writer {
		zw, _ := gzip.NewWriterLevel(w, gzip.StatelessCompression)
		return zw
	})
	return c.Handler
}
