// The dimensions of the demo sales data set (decision 012): regions, stores, categories and products per
// organisation. The fact rows are generated from these by seed/sales-data-seed.ts. Natural keys (code)
// keep the seed idempotent and the generated ids stable.

export interface DemoRegion {
  code: string;
  nameEn: string;
  nameDe: string;
  /** [code, name, weight]: a store's weight is its relative number of sales lines. */
  stores: [string, string, number][];
}

export interface DemoProduct {
  code: string;
  nameEn: string;
  nameDe: string;
  unitPrice: number;
  unitCost: number;
}

export interface DemoCategory {
  code: string;
  nameEn: string;
  nameDe: string;
  products: DemoProduct[];
}

export interface DemoSalesDataSet {
  /** Share of SEED_SALES_ROWS this organisation gets (Demo GmbH the full set, Beispiel AG a small one). */
  rowShare: number;
  regions: DemoRegion[];
  categories: DemoCategory[];
}

const product = (code: string, nameEn: string, nameDe: string, unitPrice: number, unitCost: number) => ({
  code,
  nameEn,
  nameDe,
  unitPrice,
  unitCost,
});

const electronics: DemoCategory = {
  code: 'electronics',
  nameEn: 'Electronics',
  nameDe: 'Elektronik',
  products: [
    product('headphones', 'Headphones', 'Kopfhörer', 79.9, 41),
    product('smartwatch', 'Smartwatch', 'Smartwatch', 199, 118),
    product('speaker', 'Bluetooth speaker', 'Bluetooth-Lautsprecher', 59.9, 29),
    product('tablet', 'Tablet', 'Tablet', 329, 228),
    product('ereader', 'E-book reader', 'E-Book-Reader', 119, 74),
    product('powerbank', 'Power bank', 'Powerbank', 29.9, 12.5),
  ],
};

const home: DemoCategory = {
  code: 'home',
  nameEn: 'Home & Kitchen',
  nameDe: 'Haus & Küche',
  products: [
    product('coffee-machine', 'Coffee machine', 'Kaffeemaschine', 149, 86),
    product('cookware', 'Cookware set', 'Kochtopfset', 89.9, 47),
    product('kettle', 'Kettle', 'Wasserkocher', 34.9, 16),
    product('knife-block', 'Knife block', 'Messerblock', 69.9, 31),
    product('blender', 'Blender', 'Standmixer', 59.9, 30),
    product('bed-linen', 'Bed linen', 'Bettwäsche', 39.9, 17),
  ],
};

const garden: DemoCategory = {
  code: 'garden',
  nameEn: 'Garden',
  nameDe: 'Garten',
  products: [
    product('lawn-mower', 'Lawn mower', 'Rasenmäher', 299, 185),
    product('garden-hose', 'Garden hose', 'Gartenschlauch', 24.9, 10),
    product('grill', 'Charcoal grill', 'Holzkohlegrill', 179, 104),
    product('plant-pots', 'Plant pots', 'Pflanztöpfe', 19.9, 7.5),
    product('hedge-trimmer', 'Hedge trimmer', 'Heckenschere', 89, 52),
    product('garden-chair', 'Garden chair', 'Gartenstuhl', 49.9, 24),
  ],
};

const sports: DemoCategory = {
  code: 'sports',
  nameEn: 'Sports & Outdoor',
  nameDe: 'Sport & Freizeit',
  products: [
    product('running-shoes', 'Running shoes', 'Laufschuhe', 119, 58),
    product('yoga-mat', 'Yoga mat', 'Yogamatte', 29.9, 11),
    product('bike-helmet', 'Bicycle helmet', 'Fahrradhelm', 69.9, 33),
    product('tent', 'Tent', 'Zelt', 199, 121),
    product('dumbbells', 'Dumbbells', 'Hanteln', 49.9, 22),
    product('backpack', 'Backpack', 'Rucksack', 79.9, 38),
  ],
};

const toys: DemoCategory = {
  code: 'toys',
  nameEn: 'Toys',
  nameDe: 'Spielwaren',
  products: [
    product('building-blocks', 'Building blocks', 'Bausteine', 49.9, 24),
    product('board-game', 'Board game', 'Brettspiel', 34.9, 16),
    product('doll', 'Doll', 'Puppe', 29.9, 12),
    product('rc-car', 'Remote-control car', 'Ferngesteuertes Auto', 69.9, 36),
    product('puzzle', 'Puzzle', 'Puzzle', 19.9, 7),
    product('plush-bear', 'Plush bear', 'Plüschbär', 24.9, 9),
  ],
};

const office: DemoCategory = {
  code: 'office',
  nameEn: 'Office',
  nameDe: 'Bürobedarf',
  products: [
    product('office-chair', 'Office chair', 'Bürostuhl', 249, 142),
    product('desk-lamp', 'Desk lamp', 'Schreibtischlampe', 44.9, 19),
    product('notebooks', 'Notebooks', 'Notizbücher', 12.9, 4.2),
    product('printer-paper', 'Printer paper', 'Druckerpapier', 8.9, 4.9),
    product('fountain-pen', 'Fountain pen', 'Füllfederhalter', 39.9, 15),
    product('monitor-stand', 'Monitor stand', 'Monitorständer', 54.9, 25),
  ],
};

/** Per organisation name; an organisation without an entry gets no sales data. */
export const demoSalesDataSets: Record<string, DemoSalesDataSet> = {
  'Demo GmbH': {
    rowShare: 1,
    regions: [
      {
        code: 'north',
        nameEn: 'North',
        nameDe: 'Nord',
        stores: [
          ['hamburg', 'Hamburg', 5],
          ['bremen', 'Bremen', 3],
          ['hannover', 'Hannover', 3],
        ],
      },
      {
        code: 'south',
        nameEn: 'South',
        nameDe: 'Süd',
        stores: [
          ['muenchen', 'München', 5],
          ['stuttgart', 'Stuttgart', 4],
          ['nuernberg', 'Nürnberg', 3],
        ],
      },
      {
        code: 'east',
        nameEn: 'East',
        nameDe: 'Ost',
        stores: [
          ['berlin', 'Berlin', 5],
          ['leipzig', 'Leipzig', 3],
          ['dresden', 'Dresden', 2],
        ],
      },
      {
        code: 'west',
        nameEn: 'West',
        nameDe: 'West',
        stores: [
          ['koeln', 'Köln', 4],
          ['duesseldorf', 'Düsseldorf', 3],
          ['frankfurt', 'Frankfurt am Main', 4],
        ],
      },
      {
        code: 'austria',
        nameEn: 'Austria',
        nameDe: 'Österreich',
        stores: [
          ['wien', 'Wien', 4],
          ['graz', 'Graz', 2],
          ['linz', 'Linz', 2],
          ['salzburg', 'Salzburg', 2],
        ],
      },
    ],
    categories: [electronics, home, garden, sports, toys, office],
  },
  'Beispiel AG': {
    rowShare: 0.02,
    regions: [
      {
        code: 'north',
        nameEn: 'North',
        nameDe: 'Nord',
        stores: [
          ['kiel', 'Kiel', 2],
          ['rostock', 'Rostock', 1],
        ],
      },
      {
        code: 'south',
        nameEn: 'South',
        nameDe: 'Süd',
        stores: [
          ['augsburg', 'Augsburg', 2],
          ['regensburg', 'Regensburg', 1],
        ],
      },
    ],
    categories: [office, home],
  },
};
