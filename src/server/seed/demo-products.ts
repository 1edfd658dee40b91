import { MORE_DEMO_PRODUCTS } from './demo-products-more';

/** The six categories of SPEC.md, in display order. */
export const DEMO_CATEGORIES = [
  { name: 'Electronics', slug: 'electronics', sortOrder: 1 },
  { name: 'Fashion', slug: 'fashion', sortOrder: 2 },
  { name: 'Home & Living', slug: 'home-living', sortOrder: 3 },
  { name: 'Books', slug: 'books', sortOrder: 4 },
  { name: 'Sports & Gaming', slug: 'sports-gaming', sortOrder: 5 },
  { name: 'Health & Beauty', slug: 'health-beauty', sortOrder: 6 },
] as const;

export type CategorySlug = (typeof DEMO_CATEGORIES)[number]['slug'];

/** The demo shops products are listed through (defined in demo-data.ts). */
export type ShopKey = 'sharma-electronics' | 'sharma-books' | 'jaipur-handloom' | 'kerala-wellness';

/** One demo product; money in paise, `daysAgo` spreads created_at over the last 60 days. */
export type DemoProduct = {
  name: string;
  category: CategorySlug;
  shop: ShopKey;
  pricePaise: number;
  originalPricePaise: number | null;
  rewardPercentage: number;
  stockQuantity: number;
  daysAgo: number;
  isActive?: boolean;
  description: string;
};

const electronics: DemoProduct[] = [
  {
    name: 'Wireless Earbuds with 40-Hour Playback',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 149900,
    originalPricePaise: 399000,
    rewardPercentage: 7.5,
    stockQuantity: 140,
    daysAgo: 2,
    description:
      'Lightweight in-ear earbuds with 13 mm drivers, Bluetooth 5.3 and a charging case that adds up to 40 hours of playback. Environmental noise cancellation keeps calls clear, and a 10-minute charge gives about two hours of music. IPX4 sweat resistance makes them suitable for workouts and rainy commutes.',
  },
  {
    name: '43-inch 4K Ultra HD Smart LED TV',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 2499900,
    originalPricePaise: 3999900,
    rewardPercentage: 3,
    stockQuantity: 18,
    daysAgo: 12,
    description:
      'A 43-inch 4K panel with HDR10 support and 20 W stereo speakers for movies, cricket and daily serials. Popular streaming apps are built in, and three HDMI ports leave room for a set-top box and a gaming console. Wall-mount bracket and table stand are included in the box.',
  },
  {
    name: '10000mAh Slim Power Bank, 22.5W Fast Charging',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 99900,
    originalPricePaise: 179900,
    rewardPercentage: 5,
    stockQuantity: 200,
    daysAgo: 25,
    description:
      'A pocket-sized power bank that charges most phones about twice on a single fill. The USB-C port works both ways and supports 22.5 W fast charging, with a second USB-A port for earbuds or a watch. Built-in protection guards against overcharging and short circuits.',
  },
  {
    name: 'Smartwatch with 1.8-inch AMOLED Display',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 249900,
    originalPricePaise: 599900,
    rewardPercentage: 6,
    stockQuantity: 75,
    daysAgo: 8,
    description:
      'A bright 1.8-inch AMOLED screen shows notifications, step count, heart rate and SpO2 readings at a glance. Bluetooth calling lets you answer calls from the wrist, and over 100 sports modes cover walking, yoga and badminton. The battery lasts up to seven days on typical use.',
  },
  {
    name: '6.7-inch 5G Smartphone, 8GB RAM, 128GB',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 1799900,
    originalPricePaise: 2199900,
    rewardPercentage: 2,
    stockQuantity: 4,
    daysAgo: 5,
    description:
      'A 5G phone with a 6.7-inch 120 Hz display, 8 GB of RAM and 128 GB of storage expandable by microSD. The 50 MP main camera handles low light well, and the 5000 mAh battery charges at 33 W. Dual SIM support works with all major Indian networks.',
  },
  {
    name: 'Bluetooth Party Speaker 40W with Karaoke Mic',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 549900,
    originalPricePaise: 899900,
    rewardPercentage: 5,
    stockQuantity: 32,
    daysAgo: 40,
    description:
      'A 40 W portable speaker with deep bass, colourful LED lights and a wired karaoke microphone for house parties and festivals. It plays from Bluetooth, USB drives and FM radio. The rechargeable battery runs for up to eight hours.',
  },
  {
    name: '15.6-inch Laptop, Intel Core i5, 16GB RAM, 512GB SSD',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 5499000,
    originalPricePaise: 7299000,
    rewardPercentage: 2,
    stockQuantity: 9,
    daysAgo: 18,
    description:
      'A thin and light laptop for office work, online classes and light photo editing, with 16 GB of RAM and a fast 512 GB SSD. The 15.6-inch full HD anti-glare screen is easy on the eyes during long sessions. It comes with Windows 11 Home and a backlit keyboard.',
  },
  {
    name: 'Dual-Band Wi-Fi Router AC1200',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 189900,
    originalPricePaise: 349900,
    rewardPercentage: 4,
    stockQuantity: 60,
    daysAgo: 33,
    description:
      'A dual-band router that delivers up to 1200 Mbps across 2.4 GHz and 5 GHz bands for a 2BHK or 3BHK home. Four external antennas improve coverage through walls, and a guest network keeps visitors off your main devices. Setup takes a few minutes from the companion app.',
  },
  {
    name: 'USB-C 65W GaN Charger with Two Ports',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 179900,
    originalPricePaise: 249900,
    rewardPercentage: 8,
    stockQuantity: 0,
    daysAgo: 47,
    description:
      'A compact gallium nitride charger that powers a laptop and a phone at the same time from one wall socket. It supports USB Power Delivery up to 65 W and stays cool during long charging sessions. A BIS-certified Indian plug is built in.',
  },
  {
    name: '1.5 Ton 5-Star Inverter Split AC',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 3849000,
    originalPricePaise: 5799000,
    rewardPercentage: 2,
    stockQuantity: 6,
    daysAgo: 55,
    description:
      'A 5-star rated inverter air conditioner that adjusts its compressor speed to save electricity through long Indian summers. It cools rooms up to 180 sq ft and keeps working at outdoor temperatures as high as 52 degrees Celsius. Copper condenser coils and a stabiliser-free design reduce upkeep.',
  },
  {
    name: 'Full HD 1080p Webcam with Dual Microphones',
    category: 'electronics',
    shop: 'sharma-electronics',
    pricePaise: 219900,
    originalPricePaise: 299900,
    rewardPercentage: 6,
    stockQuantity: 45,
    daysAgo: 21,
    description:
      'A plug-and-play webcam that records sharp 1080p video at 30 frames per second for meetings and online classes. Two noise-reducing microphones pick up your voice clearly, and the privacy shutter slides shut when not in use. The clip fits laptops and monitors alike.',
  },
];

const fashion: DemoProduct[] = [
  {
    name: 'Hand Block Printed Cotton Kurta for Women',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 89900,
    originalPricePaise: 149900,
    rewardPercentage: 8,
    stockQuantity: 85,
    daysAgo: 4,
    description:
      'A straight-cut kurta in soft cotton, hand block printed by artisans in Sanganer with natural dyes. Three-quarter sleeves and side slits make it comfortable for office days and summer outings. Hand wash separately in cold water to keep the colours bright.',
  },
  {
    name: 'Bandhani Silk Saree with Blouse Piece',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 349900,
    originalPricePaise: 499900,
    rewardPercentage: 6,
    stockQuantity: 22,
    daysAgo: 14,
    description:
      'A lightweight art silk saree tie-dyed in the traditional Bandhani style of Rajasthan and Gujarat, finished with a zari border. It comes with an unstitched matching blouse piece of 0.8 metres. A graceful choice for weddings, Teej and festive evenings.',
  },
  {
    name: "Men's Linen Nehru Jacket",
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 179900,
    originalPricePaise: 249900,
    rewardPercentage: 7,
    stockQuantity: 40,
    daysAgo: 9,
    description:
      'A tailored sleeveless Nehru jacket in breathable linen blend, with a mandarin collar and wooden buttons. Layer it over a kurta for a wedding sangeet or over a shirt for a smart office look. Dry clean recommended.',
  },
  {
    name: 'Leheriya Cotton Dupatta',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 49900,
    originalPricePaise: 79900,
    rewardPercentage: 10,
    stockQuantity: 150,
    daysAgo: 27,
    description:
      'A 2.25-metre cotton dupatta dyed in the wave-like Leheriya pattern that Jaipur is famous for. Tassels at both ends add a festive touch. It pairs well with plain kurtas and white churidars.',
  },
  {
    name: 'Embroidered Leather Mojari Juttis',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 129900,
    originalPricePaise: 199900,
    rewardPercentage: 6,
    stockQuantity: 5,
    daysAgo: 36,
    description:
      'Handcrafted juttis made from genuine leather with colourful thread embroidery on the upper. A cushioned insole makes them comfortable for long wedding functions. Available in unisex sizes; the leather softens with wear.',
  },
  {
    name: "Men's Cotton Kurta Pyjama Set",
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 149900,
    originalPricePaise: 219900,
    rewardPercentage: 5,
    stockQuantity: 60,
    daysAgo: 19,
    description:
      'A classic knee-length kurta with a matching drawstring pyjama, cut from pure cotton for all-day comfort. Subtle self-weave texture keeps it elegant for pujas and family gatherings. Machine washable on a gentle cycle.',
  },
  {
    name: 'Chanderi Silk Anarkali Suit Set',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 299900,
    originalPricePaise: 449900,
    rewardPercentage: 5,
    stockQuantity: 0,
    daysAgo: 51,
    description:
      'A flared Anarkali kurta in Chanderi silk with gota patti work, paired with cotton leggings and an organza dupatta. The fabric has a gentle sheen that suits day and evening functions. Fully lined for comfort.',
  },
  {
    name: "Indigo Dabu Print Men's Shirt",
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 119900,
    originalPricePaise: 119900,
    rewardPercentage: 7.5,
    stockQuantity: 70,
    daysAgo: 11,
    description:
      'A full-sleeve cotton shirt printed with the mud-resist Dabu technique and dyed in natural indigo. Every piece has small variations that show it was made by hand. Regular fit with a button-down collar.',
  },
  {
    name: 'Kundan Jhumka Earrings',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 69900,
    originalPricePaise: 129900,
    rewardPercentage: 9,
    stockQuantity: 95,
    daysAgo: 30,
    description:
      'Gold-plated jhumkas set with Kundan stones and finished with tiny pearl drops. They are light enough to wear for a whole evening of celebrations. Supplied in a velvet pouch that makes a ready gift.',
  },
  {
    name: 'Banarasi Silk Stole',
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 99900,
    originalPricePaise: null,
    rewardPercentage: 6,
    stockQuantity: 3,
    daysAgo: 44,
    description:
      'A soft silk-blend stole woven with Banarasi-style zari motifs. Drape it over a plain saree, a kurta or even a winter coat for instant richness. Dry clean only.',
  },
  {
    name: "Girls' Ethnic Lehenga Choli",
    category: 'fashion',
    shop: 'jaipur-handloom',
    pricePaise: 139900,
    originalPricePaise: 229900,
    rewardPercentage: 5,
    stockQuantity: 28,
    daysAgo: 58,
    isActive: false,
    description:
      'A twirl-ready lehenga with a sequinned choli and a net dupatta, sized for girls aged 4 to 10. Cotton lining keeps it gentle on the skin through long functions. An elasticated waist gives a comfortable fit.',
  },
];

/** Every demo product: 11 per category, 66 in all. */
export const DEMO_PRODUCTS: DemoProduct[] = [...electronics, ...fashion, ...MORE_DEMO_PRODUCTS];
