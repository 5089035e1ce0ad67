// The demo's made-up world: its plans (in English and Hindi), the names, hostels and localities of its customers, what they
// write in feedback, and the seeded random numbers that pick among them.

export const DEMO_PLANS = [
  {
    code: 'MESS-FULL-30',
    name: 'Mess Full Board',
    description: 'Breakfast, lunch and dinner at the mess for 30 days.',
    name_hi: 'मेस फ़ुल बोर्ड',
    description_hi: '30 दिन तक मेस में नाश्ता, दोपहर का खाना और रात का खाना।',
    service_type: 'mess' as const,
    duration_days: 30,
    base_price_paise: 3_000_00,
    included_meals: 'breakfast,lunch,dinner',
    is_active: true,
  },
  {
    code: 'MESS-LD-30',
    name: 'Mess Lunch & Dinner',
    description: 'Lunch and dinner at the mess for 30 days.',
    name_hi: 'मेस दोपहर और रात का खाना',
    description_hi: '30 दिन तक मेस में दोपहर का खाना और रात का खाना।',
    service_type: 'mess' as const,
    duration_days: 30,
    base_price_paise: 2_000_00,
    included_meals: 'lunch,dinner',
    is_active: true,
  },
  {
    code: 'TIFFIN-LD-30',
    name: 'Tiffin Lunch & Dinner',
    description: 'Home-style lunch and dinner delivered to your hostel or home for 30 days.',
    name_hi: 'टिफ़िन दोपहर और रात का खाना',
    description_hi: '30 दिन तक घर जैसा दोपहर का खाना और रात का खाना, आपके हॉस्टल या घर तक।',
    service_type: 'tiffin' as const,
    duration_days: 30,
    base_price_paise: 1_800_00,
    included_meals: 'lunch,dinner',
    is_active: true,
  },
  {
    code: 'TIFFIN-FULL-7',
    name: 'Tiffin Trial Week',
    description: 'Three delivered meals a day for a week.',
    name_hi: 'टिफ़िन ट्रायल हफ़्ता',
    description_hi: 'एक हफ़्ते तक रोज़ तीन समय का खाना, आपके दरवाज़े तक।',
    service_type: 'tiffin' as const,
    duration_days: 7,
    base_price_paise: 700_00,
    included_meals: 'breakfast,lunch,dinner',
    is_active: true,
  },
  {
    code: 'MESS-EXAM-15',
    name: 'Exam Fortnight (archived)',
    description: 'Dinner at the mess during exams. No longer offered.',
    name_hi: 'परीक्षा पखवाड़ा (संग्रहित)',
    description_hi: 'परीक्षा के दिनों में मेस में रात का खाना। अब उपलब्ध नहीं।',
    service_type: 'mess' as const,
    duration_days: 15,
    base_price_paise: 900_00,
    included_meals: 'dinner',
    is_active: false,
  },
];

export const FIRST_NAMES = [
  'Aarav',
  'Ananya',
  'Rohan',
  'Priya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Rahul',
  'Isha',
  'Aditya',
  'Meera',
  'Karan',
  'Pooja',
  'Siddharth',
  'Neha',
  'Manish',
  'Divya',
  'Harsh',
  'Riya',
];
export const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Yadav',
  'Agarwal',
  'Mishra',
  'Tiwari',
  'Chauhan',
  'Jain',
  'Pandey',
  'Saxena',
  'Rastogi',
  'Tyagi',
  'Goel',
];
export const COURSES = ['B.Tech CSE', 'B.Tech ECE', 'B.Tech ME', 'MBA', 'MCA', 'B.Pharm'];
export const HOSTELS = [
  'Aryabhatta Hostel',
  'Kalpana Hostel',
  'Raman Hostel',
  'Sarojini Hostel',
  'Tagore Hostel',
];
export const LOCALITIES = [
  'Raj Nagar Extension',
  'Muradnagar',
  'Govindpuram',
  'Kavi Nagar',
  'Shastri Nagar',
];
export const LANDMARKS = [
  'Near Shiv Mandir',
  'Opposite SBI ATM',
  'Behind the petrol pump',
  'Near the water tank',
  'Next to Apollo Pharmacy',
];
export const COMPLAINTS = [
  ['Dal was too salty', 'The dal at lunch was very salty today. Please check.'],
  ['Roti was cold', 'Rotis were cold and hard when the tiffin arrived.'],
  ['Found a hair in the sabzi', 'There was a hair in the sabzi. Please be careful in the kitchen.'],
  ['Late delivery', 'The dinner tiffin came 45 minutes late.'],
];
export const PRAISE = [
  ['Loved the Sunday special', 'The paneer on Sunday was excellent. Thank you!'],
  ['Please add more fruit', 'Could breakfast include a banana or seasonal fruit?'],
  ['Great service', 'Always on time and tasty. Keep it up.'],
];

/** A small deterministic PRNG (mulberry32), so the same scale gives the same data. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}

/** The demo's diets, by customer number: most vegetarian, some egg, non-veg or Jain, some unsaid. */
export const DEMO_DIETS = ['veg', 'veg', 'egg', 'non_veg', 'veg', 'jain', null] as const;

type DemoDish = { name: string; name_hi: string; mark: 'veg' | 'egg' | 'non_veg' | 'jain' };
const dish = (name: string, nameHi: string, mark: DemoDish['mark'] = 'veg'): DemoDish => ({
  name,
  name_hi: nameHi,
  mark,
});

/** A week of a North Indian campus mess: breakfast, lunch and dinner, in English and Hindi. */
export const DEMO_MENU: Record<
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday',
  Record<'breakfast' | 'lunch' | 'dinner', DemoDish[]>
> = {
  monday: {
    breakfast: [dish('Aloo paratha', 'आलू पराठा'), dish('Curd', 'दही')],
    lunch: [dish('Rajma', 'राजमा'), dish('Jeera rice', 'जीरा चावल', 'jain'), dish('Roti', 'रोटी')],
    dinner: [dish('Mix veg', 'मिक्स वेज'), dish('Dal tadka', 'दाल तड़का'), dish('Roti', 'रोटी')],
  },
  tuesday: {
    breakfast: [dish('Poha', 'पोहा'), dish('Boiled eggs', 'उबले अंडे', 'egg')],
    lunch: [dish('Chole', 'छोले'), dish('Rice', 'चावल', 'jain'), dish('Roti', 'रोटी')],
    dinner: [dish('Egg curry', 'अंडा करी', 'egg'), dish('Dal', 'दाल'), dish('Roti', 'रोटी')],
  },
  wednesday: {
    breakfast: [dish('Idli sambar', 'इडली सांभर'), dish('Coconut chutney', 'नारियल चटनी')],
    lunch: [dish('Kadhi pakora', 'कढ़ी पकौड़ा'), dish('Rice', 'चावल', 'jain'), dish('Roti', 'रोटी')],
    dinner: [
      dish('Chicken curry', 'चिकन करी', 'non_veg'),
      dish('Paneer butter masala', 'पनीर बटर मसाला'),
      dish('Roti', 'रोटी'),
    ],
  },
  thursday: {
    breakfast: [dish('Upma', 'उपमा'), dish('Tea', 'चाय', 'jain')],
    lunch: [dish('Dal makhani', 'दाल मखनी'), dish('Jeera rice', 'जीरा चावल', 'jain')],
    dinner: [dish('Aloo gobi', 'आलू गोभी'), dish('Dal', 'दाल'), dish('Roti', 'रोटी')],
  },
  friday: {
    breakfast: [dish('Chole bhature', 'छोले भटूरे')],
    lunch: [dish('Sambar', 'सांभर'), dish('Rice', 'चावल', 'jain'), dish('Papad', 'पापड़', 'jain')],
    dinner: [
      dish('Egg bhurji', 'अंडा भुर्जी', 'egg'),
      dish('Dal fry', 'दाल फ्राई'),
      dish('Roti', 'रोटी'),
    ],
  },
  saturday: {
    breakfast: [dish('Methi thepla', 'मेथी थेपला'), dish('Pickle', 'अचार')],
    lunch: [dish('Veg biryani', 'वेज बिरयानी'), dish('Raita', 'रायता')],
    dinner: [dish('Khichdi', 'खिचड़ी', 'jain'), dish('Kadhi', 'कढ़ी')],
  },
  sunday: {
    breakfast: [dish('Puri sabzi', 'पूरी सब्ज़ी'), dish('Halwa', 'हलवा')],
    lunch: [
      dish('Chicken biryani', 'चिकन बिरयानी', 'non_veg'),
      dish('Paneer biryani', 'पनीर बिरयानी'),
      dish('Raita', 'रायता'),
    ],
    dinner: [dish('Pav bhaji', 'पाव भाजी'), dish('Gulab jamun', 'गुलाब जामुन')],
  },
};
