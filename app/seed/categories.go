package seed

// categoryNames names the demo categories in the nine seed languages
// (en, zh, ar, ja, es, fr, de, ru, pt).
var categoryNames = map[string][9]string{
	"womens-fashion":          {"Women's fashion", "女装", "أزياء نسائية", "レディースファッション", "Moda mujer", "Mode femme", "Damenmode", "Женская мода", "Moda feminina"},
	"mens-fashion":            {"Men's fashion", "男装", "أزياء رجالية", "メンズファッション", "Moda hombre", "Mode homme", "Herrenmode", "Мужская мода", "Moda masculina"},
	"shoes":                   {"Shoes", "鞋靴", "أحذية", "シューズ", "Zapatos", "Chaussures", "Schuhe", "Обувь", "Calçados"},
	"bags":                    {"Bags", "箱包", "حقائب", "バッグ", "Bolsos", "Sacs", "Taschen", "Сумки", "Bolsas"},
	"home-kitchen":            {"Home & kitchen", "家居厨房", "المنزل والمطبخ", "ホーム＆キッチン", "Hogar y cocina", "Maison et cuisine", "Haus & Küche", "Дом и кухня", "Casa e cozinha"},
	"electronics-accessories": {"Electronics accessories", "电子配件", "إكسسوارات إلكترونية", "電子アクセサリー", "Accesorios electrónicos", "Accessoires électroniques", "Elektronikzubehör", "Аксессуары для электроники", "Acessórios eletrônicos"},
	"beauty":                  {"Beauty", "美妆", "الجمال", "ビューティー", "Belleza", "Beauté", "Beauty", "Красота", "Beleza"},
	"sports-outdoors":         {"Sports & outdoors", "运动户外", "الرياضة والهواء الطلق", "スポーツ＆アウトドア", "Deportes y aire libre", "Sports et plein air", "Sport & Outdoor", "Спорт и отдых", "Esportes e ar livre"},
	"toys-kids":               {"Toys & kids", "玩具童装", "ألعاب وأطفال", "おもちゃ・キッズ", "Juguetes y niños", "Jouets et enfants", "Spielzeug & Kinder", "Игрушки и дети", "Brinquedos e crianças"},
	"office-stationery":       {"Office & stationery", "办公文具", "مكتب وقرطاسية", "オフィス・文具", "Oficina y papelería", "Bureau et papeterie", "Büro & Schreibwaren", "Офис и канцелярия", "Escritório e papelaria"},
	"jewelry-watches":         {"Jewelry & watches", "珠宝手表", "مجوهرات وساعات", "ジュエリー・時計", "Joyería y relojes", "Bijoux et montres", "Schmuck & Uhren", "Украшения и часы", "Joias e relógios"},
	"dresses":                 {"Dresses", "礼服裙装", "فساتين", "ドレス", "Vestidos", "Robes", "Kleider", "Платья", "Vestidos"},
	"jewelry":                 {"Jewelry", "珠宝", "مجوهرات", "ジュエリー", "Joyería", "Bijoux", "Schmuck", "Украшения", "Joias"},
	"watches":                 {"Watches", "手表", "ساعات", "腕時計", "Relojes", "Montres", "Uhren", "Часы", "Relógios"},
}

// subCategories are the demo's categories below another (parent first),
// and subCategoryOf puts each template of the parent in one of them, so a
// category page has sub-categories to offer.
var subCategories = [][2]string{{"jewelry-watches", "jewelry"}, {"jewelry-watches", "watches"}}

var subCategoryOf = map[string]string{
	"crescent-moon-pendant": "jewelry", "freshwater-pearl-studs": "jewelry", "gold-vermeil-hoops": "jewelry",
	"automatic-dress-watch": "watches", "minimalist-quartz-watch": "watches",
}

// seedLangs are the languages every demo text exists in, in the order of
// categoryNames' arrays.
var seedLangs = [9]string{"en", "zh", "ar", "ja", "es", "fr", "de", "ru", "pt"}

// heightNames are the three height cuts of the standard dress sizes.
var heightNames = map[string][9]string{
	" P": {"Petite", "小码", "قصير", "プチ", "Petite", "Petite", "Kurzgröße", "Петит", "Petite"},
	" T": {"Tall", "加长", "طويل", "トール", "Alta", "Grande taille", "Langgröße", "Высокий рост", "Alta"},
}

// customSizeName names size option 1, the made-to-measure size.
var customSizeName = [9]string{"Custom size", "定制尺码", "مقاس مخصص", "カスタムサイズ", "Talla a medida", "Sur mesure", "Maßanfertigung", "Индивидуальный размер", "Sob medida"}

var sizeLabelName = [9]string{"Size", "尺码", "المقاس", "サイズ", "Talla", "Taille", "Größe", "Размер", "Tamanho"}
var colourLabelName = [9]string{"Color", "颜色", "اللون", "カラー", "Color", "Couleur", "Farbe", "Цвет", "Cor"}
