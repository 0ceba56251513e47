package identity

import (
	"strconv"

	"souk/app/form"
)

// Form names: entity.<entityType> and identity.<identityType>.
func entityForm(t int) string   { return "entity." + strconv.Itoa(t) }
func identityForm(t int) string { return "identity." + strconv.Itoa(t) }

func num(v float64) *float64 { return &v }

// The public fields every identity form has: they make the identity page
// once approved.
var profileFields = []form.Field{
	{Key: "name", Type: form.Text, Label: "FormName", Required: true, MinLen: 2, MaxLen: 60},
	{Key: "title", Type: form.Text, Label: "FormTitle", Required: true, MinLen: 2, MaxLen: 80},
	{Key: "brief", Type: form.TextArea, Label: "FormBrief", MaxLen: 1000},
	{Key: "country", Type: form.Country, Label: "FormCountry", Required: true},
	{Key: "avatar", Type: form.Image, Label: "Avatar", Disk: "avatar", Crop: []int{160, 160, 640, 640}},
	{Key: "background", Type: form.Image, Label: "Background", Disk: "background", Crop: []int{600, 200, 1500, 500}},
}

func withProfile(extra []form.Field) []form.Field {
	return append(append([]form.Field{}, profileFields...), extra...)
}

// DefaultForms are the forms a new database gets; admins may edit them
// later (operations/EditForm), and saves validate against the stored ones.
var DefaultForms = []form.Form{
	{Name: entityForm(Person), Fields: []form.Field{
		{Key: "fullName", Type: form.Text, Label: "FormFullName", Required: true, MinLen: 2, MaxLen: 80},
		{Key: "country", Type: form.Country, Label: "FormCountry", Required: true},
		{Key: "phone", Type: form.Text, Label: "FormPhone", MinLen: 5, MaxLen: 30},
		{Key: "address", Type: form.TextArea, Label: "FormAddress", MaxLen: 300},
	}},
	{Name: entityForm(Company), Fields: []form.Field{
		{Key: "companyName", Type: form.Text, Label: "FormCompanyName", Required: true, MinLen: 2, MaxLen: 120},
		{Key: "registrationNumber", Type: form.Text, Label: "FormRegistrationNumber", Required: true, MinLen: 2, MaxLen: 40},
		{Key: "country", Type: form.Country, Label: "FormCountry", Required: true},
		{Key: "contactName", Type: form.Text, Label: "FormContactName", Required: true, MinLen: 2, MaxLen: 80},
		{Key: "phone", Type: form.Text, Label: "FormPhone", MinLen: 5, MaxLen: 30},
		{Key: "address", Type: form.TextArea, Label: "FormAddress", MaxLen: 300},
	}},
	{Name: identityForm(Creator), Fields: withProfile([]form.Field{
		{Key: "portfolio", Type: form.Text, Label: "FormPortfolio", MaxLen: 200},
	})},
	{Name: identityForm(Seller), Fields: withProfile([]form.Field{
		{Key: "returnPolicy", Type: form.TextArea, Label: "FormReturnPolicy", MaxLen: 2000},
	})},
	{Name: identityForm(Maker), Fields: withProfile([]form.Field{
		{Key: "leadDays", Type: form.Number, Label: "FormLeadDays", Required: true, Int: true, Min: num(1), Max: num(365)},
		{Key: "craft", Type: form.Select, Label: "FormCraft", Required: true, Options: []form.Option{
			{Value: "dresses", Label: "FormCraftDresses"}, {Value: "tailoring", Label: "FormCraftTailoring"},
			{Value: "other", Label: "FormCraftOther"}}},
	})},
	{Name: identityForm(Analyst), Fields: withProfile([]form.Field{
		{Key: "lab", Type: form.Text, Label: "FormLab", Required: true, MinLen: 2, MaxLen: 120},
		{Key: "accreditation", Type: form.Text, Label: "FormAccreditation", MaxLen: 120},
	})},
}
