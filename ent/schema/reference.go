package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Language is a language the store speaks, named in its own script.
type Language struct{ ent.Schema }

func (Language) Fields() []ent.Field {
	return []ent.Field{
		field.String("code").Unique(),
		field.String("native_name"),
		field.String("english_name"),
		field.Bool("rtl").Default(false),
		field.Int("position").Default(0),
	}
}

// Region is a country or area with its default currency.
type Region struct{ ent.Schema }

func (Region) Fields() []ent.Field {
	return []ent.Field{
		field.String("code").Unique(),
		field.String("currency"),
		field.String("name"),
		field.Int("position").Default(0),
	}
}

// Currency is an ISO 4217 currency (or DOGE) with its symbol and minor digits.
type Currency struct{ ent.Schema }

func (Currency) Fields() []ent.Field {
	return []ent.Field{
		field.String("code").Unique(),
		field.String("symbol"),
		field.Int("digits").Default(2),
	}
}

// ExchangeRate says how many units of quote one unit of base buys, on a date.
type ExchangeRate struct{ ent.Schema }

func (ExchangeRate) Fields() []ent.Field {
	return []ent.Field{
		field.String("base"),
		field.String("quote"),
		field.Float("rate"),
		field.Time("as_of").Default(time.Now),
	}
}

func (ExchangeRate) Indexes() []ent.Index {
	return []ent.Index{index.Fields("base", "quote").Unique()}
}

// ClassLabel is a classification label; categories hang below it. Names are
// multilingual (Text owner kind "class").
type ClassLabel struct{ ent.Schema }

func (ClassLabel) Fields() []ent.Field {
	return []ent.Field{
		field.Int("label_id").Unique(),
		field.String("code"),
	}
}

// Category is one category of a classification label, optionally nested.
type Category struct{ ent.Schema }

func (Category) Fields() []ent.Field {
	return []ent.Field{
		field.Int("label_id"),
		field.String("code").Unique(),
		field.String("parent_code").Default(""),
		field.Int("position").Default(0),
	}
}

// HomeBlock is one block of the home page index data (wn3, wn4, makeTre, ad1,
// drT1, drT2, bt1, dress1, dress2). Its payload is the wire JSON per language.
type HomeBlock struct{ ent.Schema }

func (HomeBlock) Fields() []ent.Field {
	return []ent.Field{
		field.String("key").Unique(),
		field.JSON("payload", map[string]any{}),
		// Version grows with every edit in the back office (a stale save is refused).
		field.Int("version").Default(1),
	}
}

// DataVersion counts changes to a kind of data (enums, home); page cache keys
// include it so a change invalidates exactly the pages that show it.
type DataVersion struct{ ent.Schema }

func (DataVersion) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Unique(),
		field.Int64("value").Default(1),
	}
}
