package domain

import (
	"context"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// SiteForms are the site's own forms (decision D8): contact messages
// and feature suggestions (partner applications make partner accounts:
// partner_accounts.go). Each is stored, and the
// administrators are told of what needs an answer, in one transaction.
type SiteForms struct{ *env }

// ContactInput is a message sent through the contact form.
type ContactInput struct {
	FirstName, LastName, Email, Company, Subject, Message string
}

// Check is what breaks the rules in in, by the form's field names.
func (in ContactInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "first_name", in.FirstName, "Enter your first name.")
	CheckLength(e, "first_name", in.FirstName, 100)
	Required(e, "last_name", in.LastName, "Enter your last name.")
	CheckLength(e, "last_name", in.LastName, 100)
	CheckEmail(e, "email", in.Email)
	CheckLength(e, "company", in.Company, 200)
	CheckOption(e, "subject", in.Subject, catalog.ContactSubjects, "Choose what your message is about.")
	Required(e, "message", in.Message, "Write a message.")
	CheckLength(e, "message", in.Message, 5000)
	return e
}

// Contact stores a contact message and tells the administrators.
func (sf *SiteForms) Contact(ctx context.Context, in ContactInput) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	return sf.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.CreateContactMessage(ctx, store.ContactMessage{
			FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Company: in.Company, Subject: in.Subject, Message: in.Message,
		}); err != nil {
			return err
		}
		return sf.notifyAdmins(ctx, tx, func(to string) bizmail.Message {
			from := in.FirstName + " " + in.LastName + " <" + in.Email + ">"
			if in.Company != "" {
				from += ", " + in.Company
			}
			return bizmail.FormReceived(sf.site, to, "Contact form: "+catalog.OptionLabel(catalog.ContactSubjects, in.Subject)+" from "+in.FirstName+" "+in.LastName,
				[]string{from + " wrote:", "“" + in.Message + "”", "Reply to " + in.Email + " directly to answer."}, sf.link("/admin/messages"))
		})
	})
}

// SuggestionInput is a feature suggestion for the product team.
type SuggestionInput struct {
	Name, Email, Title, Description string
}

// Check is what breaks the rules in in, by the form's field names.
func (in SuggestionInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "name", in.Name, "Enter your name.")
	CheckLength(e, "name", in.Name, 100)
	CheckEmail(e, "email", in.Email)
	Required(e, "title", in.Title, "Give your suggestion a short title.")
	CheckLength(e, "title", in.Title, 120)
	Required(e, "description", in.Description, "Describe the feature you would like.")
	CheckLength(e, "description", in.Description, 2000)
	return e
}

// Suggest stores a feature suggestion.
func (sf *SiteForms) Suggest(ctx context.Context, in SuggestionInput) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	_, err := sf.store.CreateFeatureSuggestion(ctx, store.FeatureSuggestion{Name: in.Name, Email: in.Email, Title: in.Title, Description: in.Description})
	return err
}
