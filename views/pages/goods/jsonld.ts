import type { Goods, SoukData } from "../../lib/types";
import { goodsPath, identityPath } from "../../lib/paths";
import { breadcrumbLd, categoryCrumbs, type Crumb } from "../../components/Crumbs";

const DAY = 86400e3;

// productLd is the JSON-LD Product of SPEC §9: offers valid 15 days, a
// 10-day return window by mail paid by the customer, rating out of 5. Its
// prices are the card's (the server's one price rule): one Offer when every
// sku and quantity costs the same, else an AggregateOffer from the lowest to
// the highest unit price. Wholesale prices hold from the minimum order
// quantity, which eligibleQuantity states; shippingDetails is the order
// rule (a flat rate per seller, free from a goods total) applied to the
// minimum order at the lowest price.
// PRODUCT_LD_BLOCKS is how many blocks productLd makes (the browser renders
// that many in their place: Seo's blankLd).
export const PRODUCT_LD_BLOCKS = 2;

export function productLd(g: Goods, d: SoukData): object[] {
  const url = d.baseUrl + goodsPath(d.lang, g.treId, g.uri);
  const price = g.priceData.prices[0];
  const high = g.priceData.maxPrices?.[0];
  const validUntil = new Date(d.now + 15 * DAY).toISOString().slice(0, 10);
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: g.treName.txt,
    description: g.brief.txt,
    sku: g.treId,
    image: g.treImages.map((im) => d.baseUrl + im.image.largeThumbnail.url),
    brand: { "@type": "Brand", name: g.owner.name },
    offers: {
      ...(high && high.amount > (price?.amount ?? 0)
        ? { "@type": "AggregateOffer", lowPrice: price?.amount, highPrice: high.amount, offerCount: Math.max(Object.keys(g.skuModule.skus).length, 1) }
        : { "@type": "Offer", price: price?.amount }),
      url,
      priceCurrency: price?.currency.c,
      priceValidUntil: validUntil,
      availability: g.saleable === 1 && g.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: Math.max(g.priceData.minQty, 1), unitCode: "C62" },
      ...(d.data.shipping && price ? { shippingDetails: shippingLd(d.data.shipping, minOrder(g), d.region) } : {}),
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: g.owner.name },
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: d.region,
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 10,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      },
    },
  };
  if (g.ratingCount > 0) {
    product.aggregateRating = { "@type": "AggregateRating", ratingValue: Math.round(g.rating / 2) / 10, ratingCount: g.ratingCount, bestRating: 5, worstRating: 0 };
  }
  const crumbs = goodsCrumbs(g, d).map((c) => ({ name: c.name.txt, url: d.baseUrl + c.href }));
  return [product, breadcrumbLd(d.baseUrl, d.lang, [...crumbs, { name: g.treName.txt, url }])];
}

// goodsCrumbs are a goods page's breadcrumbs below Home: its categories
// from the top down, or its seller when it has none.
export function goodsCrumbs(g: Goods, d: SoukData): Crumb[] {
  if (d.data.crumbs?.length) return categoryCrumbs(d.lang, d.data.crumbs);
  return [{ name: { txt: g.owner.name }, href: identityPath(d.lang, g.owner.identityType, g.owner.uid) }];
}

// shippingLd is what shipping an order of goodsTotal costs under rule.
function shippingLd(rule: NonNullable<SoukData["data"]["shipping"]>, goodsTotal: number, region: string): object {
  const free = goodsTotal >= rule.freeFrom.amount;
  return {
    "@type": "OfferShippingDetails",
    shippingRate: { "@type": "MonetaryAmount", value: free ? 0 : rule.rate.amount, currency: rule.rate.currency.c },
    shippingDestination: { "@type": "DefinedRegion", addressCountry: region },
  };
}

// minOrder is what the cheapest minimum order costs: the "from" price at the
// minimum order quantity (the first quantity break) times that quantity.
function minOrder(g: Goods): number {
  const qty = Math.max(g.priceData.minQty, 1);
  const unit = g.priceData.ranges[0]?.prices[0]?.amount ?? g.priceData.prices[0]?.amount ?? 0;
  return Math.round(unit * qty * 100) / 100;
}
