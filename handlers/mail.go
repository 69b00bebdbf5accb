package handlers

import (
	"context"
	"log/slog"
	"time"

	bizmail "bizprofile/mail"
)

// sendMail delivers m, logging (never losing the request over) a failure.
func (h *Handlers) sendMail(ctx context.Context, m bizmail.Message) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
	defer cancel()
	if err := h.mailer.Send(ctx, m); err != nil {
		h.log.Error("email not sent", slog.Any("error", err), "to", m.To, "subject", m.Subject)
		return false
	}
	return true
}

// sendMailLater delivers m in the background, for answers that must not
// take longer when an account exists than when it does not.
func (h *Handlers) sendMailLater(ctx context.Context, m bizmail.Message) {
	ctx = context.WithoutCancel(ctx)
	go h.sendMail(ctx, m)
}

func (h *Handlers) mailSite() bizmail.Site {
	return bizmail.Site{Name: h.site.Name, BaseURL: h.site.BaseURL, SupportEmail: h.site.SupportEmail}
}
