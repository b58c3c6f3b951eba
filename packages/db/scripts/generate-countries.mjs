// Regenerates src/seed/data/countries.json from two data packages:
// countries-list (MIT: names, phone codes, continents, iso3) and
// world-countries (ODbL: official full names). Run by hand when updating.
import fs from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { getCountryDataList } = require("countries-list");
const world = require("world-countries");

const officialByIso2 = new Map(world.map((c) => [c.cca2, c.name.official]));
const rows = getCountryDataList()
  // Territories that are part of another country and not ISO 3166-1 entries (AC, TA).
  .filter((c) => !c.partOf || officialByIso2.has(c.iso2))
  .map((c) => ({
    iso2: c.iso2,
    iso3: c.iso3,
    country: c.name,
    country_full_name: officialByIso2.get(c.iso2) ?? c.name,
    phone_codes: c.phone.map(String),
    continent_code: c.continent,
  }))
  .sort((a, b) => a.country.localeCompare(b.country, "en"));

const out = new URL("../src/seed/data/countries.json", import.meta.url);
fs.writeFileSync(out, JSON.stringify(rows, null, 1) + "\n");
console.log(`wrote ${rows.length} countries`);
