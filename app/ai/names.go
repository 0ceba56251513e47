package ai

// attrNames are the names of the attributes a listing commonly states, in
// every language of the lexicon: what the built-in engine labels intro
// attributes with and translates attribute names by.
var attrNames = map[string]map[string]string{
	"colour": {"en": "Colour", "zh": "颜色", "ar": "اللون", "ja": "カラー", "es": "Color", "fr": "Couleur", "de": "Farbe",
		"ru": "Цвет", "pt": "Cor", "it": "Colore", "ko": "색상", "tr": "Renk", "nl": "Kleur", "pl": "Kolor"},
	"size": {"en": "Size", "zh": "尺码", "ar": "المقاس", "ja": "サイズ", "es": "Talla", "fr": "Taille", "de": "Größe",
		"ru": "Размер", "pt": "Tamanho", "it": "Taglia", "ko": "사이즈", "tr": "Beden", "nl": "Maat", "pl": "Rozmiar"},
	"material": {"en": "Material", "zh": "材质", "ar": "الخامة", "ja": "素材", "es": "Material", "fr": "Matière", "de": "Material",
		"ru": "Материал", "pt": "Material", "it": "Materiale", "ko": "소재", "tr": "Malzeme", "nl": "Materiaal", "pl": "Materiał"},
	"style": {"en": "Style", "zh": "风格", "ar": "النمط", "ja": "スタイル", "es": "Estilo", "fr": "Style", "de": "Stil",
		"ru": "Стиль", "pt": "Estilo", "it": "Stile", "ko": "스타일", "tr": "Stil", "nl": "Stijl", "pl": "Styl"},
	"category": {"en": "Category", "zh": "类别", "ar": "الفئة", "ja": "カテゴリー", "es": "Categoría", "fr": "Catégorie",
		"de": "Kategorie", "ru": "Категория", "pt": "Categoria", "it": "Categoria", "ko": "카테고리", "tr": "Kategori",
		"nl": "Categorie", "pl": "Kategoria"},
}

// otherSpellings are names written another way than attrNames has them.
var otherSpellings = map[string]string{"color": "colour", "farbe": "colour", "größe": "size", "colors": "colour",
	"colours": "colour", "sizes": "size", "色": "colour", "尺寸": "size", "颜色分类": "colour"}
