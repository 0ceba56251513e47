// Names of the states, provinces and territories the address form lists as
// a choice (app/address/rules.go keeps the codes, which are what is stored
// and what a label prints). The shopper picks by name: few people know MB
// from MN. Proper names, so one spelling serves every language; a code
// missing here shows as itself.
const NAMES: Record<string, Record<string, string>> = {
  US: {
    AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado",
    CT: "Connecticut", DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia",
    HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky",
    LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota",
    MS: "Mississippi", MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire",
    NJ: "New Jersey", NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota",
    OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island",
    SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah", VT: "Vermont",
    VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
    AS: "American Samoa", GU: "Guam", MP: "Northern Mariana Islands", PR: "Puerto Rico",
    VI: "U.S. Virgin Islands", AA: "Armed Forces Americas", AE: "Armed Forces Europe", AP: "Armed Forces Pacific",
  },
  CA: {
    AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick", NL: "Newfoundland and Labrador",
    NS: "Nova Scotia", NT: "Northwest Territories", NU: "Nunavut", ON: "Ontario", PE: "Prince Edward Island",
    QC: "Québec", SK: "Saskatchewan", YT: "Yukon",
  },
};

// regionName names a country's subdivision code, or returns the code.
export function regionName(country: string, code: string): string {
  return NAMES[country]?.[code] ?? code;
}

// regionOptions lists a country's codes as options sorted by name.
export function regionOptions(country: string, codes: string[], lang: string): { code: string; name: string }[] {
  return codes.map((code) => ({ code, name: regionName(country, code) })).sort((a, b) => a.name.localeCompare(b.name, lang));
}
