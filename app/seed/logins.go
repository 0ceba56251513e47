package seed

import (
	"context"
	"fmt"

	"souk/app/review"
	"souk/app/staff"
	"souk/ent"
)

// DemoPassword is the password of every demo login (README, Demo accounts).
const DemoPassword = "souk-demo"

// OperatorEmail is the demo operator (role admin).
const OperatorEmail = "operator@souk.test"

// demoLogins are the argon2id hashes of what a browser sends for
// DemoPassword (hex(SHA-256("souk|" + email + "|" + password)), README,
// Accounts), computed once: hashing at seed time would cost every test
// store a second. Keys are <identity key>@souk.test: every seller, two
// makers (the bridal workshop makes the dresses' make-line orders), and
// the operator. TestDemoLogins checks them.
var demoLogins = map[string]string{
	"atelier-lumiere@souk.test":        "$argon2id$v=19$m=65536,t=3,p=2$XtXJ+Q1EB1CVspiBKJ2pcw$YOOOlKudHpuvp8kq1TfHOkjd6II9zmOorrueJglfwpE",
	"hangzhou-silk-road@souk.test":     "$argon2id$v=19$m=65536,t=3,p=2$61arwvpf0ha7KJjswGWtwg$R1+76yMP/YxrN+aiq32bPUjBzy8prNBGJKMOwIIRofE",
	"casa-olivar@souk.test":            "$argon2id$v=19$m=65536,t=3,p=2$G37tEpbTHnr9BGviH5x7bA$dFltCMxpZ9ofvABK+ecUH4gJhOpZR75ovNLh/YxqFZI",
	"nile-cotton-house@souk.test":      "$argon2id$v=19$m=65536,t=3,p=2$e8Ap8W/rME8mcaQsvzBRVA$TdgQZ/llGD8/HB48XHyGvd07oGl0t8mvik95bHpUixE",
	"sakura-zakka@souk.test":           "$argon2id$v=19$m=65536,t=3,p=2$A9tzD6Crt13ohhrraGkr+g$8iMxaJL0pMlPcar3Bu2DAJVMEEswKwvW5ISVjZPWd2c",
	"rio-verde-outdoor@souk.test":      "$argon2id$v=19$m=65536,t=3,p=2$eonnWahacLM1DA9xRfNWpA$Zriih+49QbCaj9KxH6Ieyl9gVybS1UbBEG9JMq1Alts",
	"nordlicht-elektronik@souk.test":   "$argon2id$v=19$m=65536,t=3,p=2$9xs1zdLTLSUgpXmoEFC2kw$LPjCsSXIvjmEHtVfrzJ2leIOq+DPspxEPc5gpuogPlk",
	"jaipur-gem-bazaar@souk.test":      "$argon2id$v=19$m=65536,t=3,p=2$sZ8XDF+M5pZvLdywbgDItg$Lk9hAZvfLAtqAEjY2S0pKENwpDXBIYxFZqbmNeCmNXY",
	"anatolia-leather-works@souk.test": "$argon2id$v=19$m=65536,t=3,p=2$k/zyIcqdVP+3tcXh5WtW4g$ba8eiwMcyD9zrVgI2cICh3rcHTrm1sVDoQxUrVkywfQ",
	"suzhou-huqiu-bridal@souk.test":    "$argon2id$v=19$m=65536,t=3,p=2$6OJvJOWaCY82rLuWNk+sKA$8v2YWqLtuhPEUUONVHzpjHUN3evHmVip4UpsxsR6qAs",
	"operator@souk.test":               "$argon2id$v=19$m=65536,t=3,p=2$ahsVHX7FfnG7ApuBZXdxXw$eKV1INUKrqeRlCGcNJQ4TB+OAFt1tUb+00fBFsynnPM",
}

// logins gives the demo identities' users in demoLogins an email, that
// password and a passed entity, and makes the operator. Only the demo
// catalogue calls it, which is written into a database without goods and
// never when SEED_GOODS is 0 (production).
func logins(ctx context.Context, tx *ent.Tx, rows []*ent.Identity) error {
	for _, it := range rows {
		email := it.UID + "@souk.test"
		hash, ok := demoLogins[email]
		if !ok {
			continue
		}
		u, err := it.QueryUser().Only(ctx)
		if err != nil {
			return fmt.Errorf("seed: user of %s: %w", it.UID, err)
		}
		if err := tx.User.UpdateOneID(u.ID).SetEmail(email).SetPasswordHash(hash).Exec(ctx); err != nil {
			return fmt.Errorf("seed: login %s: %w", email, err)
		}
		values := map[string]any{"fullName": it.Name, "country": it.Country}
		if it.EntityType == 2 {
			values = map[string]any{"companyName": it.Name, "registrationNumber": "DEMO-" + it.UID,
				"country": it.Country, "contactName": it.Name}
		}
		err = tx.Entity.Create().SetUID("en-" + it.UID).SetEntityType(it.EntityType).SetUserID(u.ID).
			SetReviewStatus(review.Pass).SetFormValues(values).SetApproved(values).Exec(ctx)
		if err != nil {
			return fmt.Errorf("seed: entity of %s: %w", email, err)
		}
	}
	return tx.User.Create().SetUID("u000099").SetUserName("Souk operator").SetEmail(OperatorEmail).
		SetPasswordHash(demoLogins[OperatorEmail]).SetRole(staff.Admin).Exec(ctx)
}
