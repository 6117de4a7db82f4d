import { type Db } from '../db.ts'
import { CUSTOMERS } from './company.ts'
import { MENU } from './menu.ts'

/** A document's body: headings ('# '), bullet points ('- ') and paragraphs. */
type Document = {
	file: string
	description: string
	category: string
	date: string
	body: string[]
}

const slug = (name: string) =>
	name
		.toLowerCase()
		.replace(/&/g, 'and')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')

/** Safety data sheets: the product, its hazards, first aid and storage. */
const SDS: Array<[product: string, hazard: string, firstAid: string, storage: string]> = [
	[
		'Liquid Nails Original Construction Adhesive',
		'Combustible liquid. May cause skin and eye irritation. Vapours may cause drowsiness.',
		'Eyes: rinse with running water for 15 minutes. Skin: wash with soap and water.',
		'Store below 30 °C in a well-ventilated area away from ignition sources.',
	],
	[
		'General Purpose Cement',
		'Causes serious eye damage and skin irritation. Dust may irritate the respiratory tract.',
		'Eyes: rinse immediately with plenty of water and seek medical advice. Skin: wash off wet cement.',
		'Keep bags dry and off the ground. Use within 3 months of the date of manufacture.',
	],
	[
		'Neutral Cure Silicone Sealant',
		'Releases small amounts of methanol while curing. Avoid contact with eyes.',
		'Eyes: rinse with water for 15 minutes. If swallowed: do not induce vomiting.',
		'Store in a cool, dry place in the closed cartridge.',
	],
	[
		'Exterior Acrylic Paint',
		'Not classified as hazardous. Mist may irritate eyes and the respiratory tract.',
		'Eyes: rinse with water. Skin: wash with soap and water.',
		'Protect from frost. Keep the lid closed when not in use.',
	],
	[
		'H3 Treated Pine (LOSP)',
		'Sawdust may irritate eyes, skin and the respiratory tract. Do not burn offcuts.',
		'Eyes: rinse with water. Inhaled: move to fresh air.',
		'Store under cover and off the ground. Dispose of offcuts to landfill.',
	],
	[
		'PVC Solvent Cement Type P',
		'Highly flammable liquid and vapour. Causes serious eye irritation.',
		'Eyes: rinse with water for 15 minutes. Inhaled: move to fresh air and rest.',
		'Store below 25 °C away from heat, sparks and open flames. Keep the tin closed.',
	],
]

const TECHNICAL: Array<[title: string, description: string, body: string[]]> = [
	[
		'MGP10 Span Tables',
		'Floor joist, bearer and rafter spans for MGP10 pine (AS 1684.2, wind class N2)',
		[
			'# Floor joists at 450 mm centres',
			'- 90 x 45: single span 1,300 mm, continuous 1,600 mm',
			'- 140 x 45: single span 2,400 mm, continuous 2,900 mm',
			'- 190 x 45: single span 3,200 mm, continuous 3,800 mm',
			'- 240 x 45: single span 3,900 mm, continuous 4,600 mm',
			'# Rafters at 600 mm centres, sheet roof',
			'- 90 x 45: single span 2,100 mm',
			'- 140 x 45: single span 3,300 mm',
			'Spans are a guide only; confirm with AS 1684 or an engineer for your site.',
		],
	],
	[
		'Decking Installation Guide',
		'Spacing, fixing and finishing hardwood and treated pine decking',
		[
			'# Before you start',
			'Acclimatise decking on site for at least one week, stacked and stickered under cover.',
			'# Spacing',
			'- Hardwood: 4–5 mm gaps between boards',
			'- Treated pine: 3 mm gaps, boards laid heart side down',
			'# Fixing',
			'Use two 50 mm stainless or galvanised screws at every joist, 12 mm from the board edges.',
			'# Finishing',
			'Apply decking oil to all four sides before laying, then a second coat after laying.',
		],
	],
	[
		'Colorbond Roofing Installation Guide',
		'Minimum pitches, fastener patterns and flashing details for steel roofing',
		[
			'# Minimum roof pitch',
			'- Corrugated: 5 degrees (1 in 12)',
			'- Trimdek and Klip-Lok: 2 degrees (1 in 30)',
			'# Fasteners',
			'Use class 3 self-drilling screws with EPDM washers, every second rib at the ends and laps.',
			'# Handling',
			'Carry sheets on edge; remove swarf at the end of each day to avoid staining.',
		],
	],
	[
		'Plasterboard Fixing Guide',
		'Stud spacing, adhesive daubs and screw patterns for walls and ceilings',
		[
			'# Walls',
			'Studs at 600 mm maximum centres. Adhesive daubs 230 mm apart, screws at the sheet edges.',
			'# Ceilings',
			'Battens at 450 mm centres for 10 mm board, 600 mm for 13 mm board.',
			'# Wet areas',
			'Use water-resistant board and a compliant waterproofing membrane to AS 3740.',
		],
	],
	[
		'Bushfire Attack Level Product Guide',
		'Materials from our range suitable for BAL-12.5 to BAL-29 construction (AS 3959)',
		[
			'# Decking',
			'Spotted gum and blackbutt meet BAL-29 when laid with 3 mm gaps over non-combustible framing.',
			'# Cladding',
			'Fibre cement cladding is suitable up to BAL-40.',
			'# Gutters',
			'Fit ember guards to all gutters and valleys from BAL-12.5.',
		],
	],
]

const FORMS: Array<[title: string, description: string, body: string[]]> = [
	[
		'Credit Account Application',
		'Apply for a 30-day trade credit account',
		[
			'# Business details',
			'Legal name, trading name, ABN, business address and years in business.',
			'# Trade references',
			'Three suppliers you hold accounts with, with contact names and phone numbers.',
			'# Directors’ guarantee',
			'Each director signs the guarantee and indemnity on page 2.',
			'Return the completed form to any branch or to our credit team by email.',
		],
	],
	[
		'Account Change Form',
		'Change your account’s contacts, address or authorised purchasers',
		[
			'# What is changing',
			'Tick each item: billing address, delivery address, contacts, authorised purchasers.',
			'# Authorisation',
			'A director or the account holder signs every change.',
		],
	],
	[
		'Delivery Authority to Leave',
		'Let our drivers leave deliveries on site when nobody is there',
		[
			'Site address, where goods may be left, and any access instructions (gate codes, hazards).',
			'Goods left under this authority are at the customer’s risk from delivery.',
		],
	],
	[
		'Returns and Credit Request',
		'Return unused stock for credit within 30 days',
		[
			'# Conditions',
			'- Stock is unused, in its original packaging and on the original invoice',
			'- Special order and cut-to-length items cannot be returned',
			'- A 15% restocking fee applies to returns after 14 days',
			'Bring the goods and this form, with the invoice number, to the branch that supplied them.',
		],
	],
	[
		'Direct Debit Request',
		'Pay your monthly statement by direct debit',
		[
			'Your bank, BSB, account number and account name, and the date each month to debit.',
			'Debits are made on the 20th of the month after the statement date.',
		],
	],
]

const PROMOTIONS: Array<[title: string, description: string, date: string, body: string[]]> = [
	[
		'Spring Trade Deals 2026',
		'September to November specials for trade account holders',
		'2026-09-01',
		[
			'# Framing',
			'- MGP10 90 x 45: 8% off packs of 100 lengths',
			'# Fixings',
			'- Buy 5 boxes of Paslode nails, get the 6th free',
			'Offers end 30 November 2026 or while stocks last.',
		],
	],
	[
		'End of Financial Year Clearance',
		'June clearance of discontinued lines',
		'2026-06-01',
		[
			'Discontinued tools, paint colours and fittings at up to 40% off.',
			'Ask at the trade desk for the clearance list of your branch.',
		],
	],
	[
		'Summer Decking Specials',
		'Decking, oils and fixings for the summer build season',
		'2025-12-01',
		[
			'- Merbau 90 x 19: 10% off orders over 200 lineal metres',
			'- Free decking oil with every 500 lineal metres of hardwood',
			'Offers end 31 January 2026.',
		],
	],
]

/**
 * The Downloads page's files: price lists (CSV) and catalogues (PDF) per category, safety data
 * sheets, technical guides, forms and promotions (PDF) for everyone, and each customer's trading
 * terms. At least 30 files per customer; the files themselves are made when asked for.
 */
export function seedDownloads(db: Db) {
	const insert = db.prepare(
		'INSERT INTO downloads (id_cust, FileName, Description, Category, Date, kind, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
	)
	const document = (d: Document, customer: number | null = null) =>
		insert.run(
			customer,
			d.file,
			d.description,
			d.category,
			d.date,
			'document',
			JSON.stringify(d.body),
		)

	insert.run(
		null,
		'price-list-all-2026-11.csv',
		'Full trade price list, every category (November 2026)',
		'Price Lists',
		'2026-11-01',
		'price-list',
		'',
	)
	for (const [id, name] of MENU) {
		insert.run(
			null,
			`price-list-${slug(name)}-2026-11.csv`,
			`${name} trade price list (November 2026)`,
			'Price Lists',
			'2026-11-01',
			'price-list',
			id,
		)
		insert.run(
			null,
			`catalogue-${slug(name)}-2026.pdf`,
			`${name} product catalogue 2026`,
			'Product Catalogues',
			'2026-02-02',
			'catalogue',
			id,
		)
	}
	SDS.forEach(([product, hazard, firstAid, storage], i) =>
		document({
			file: `sds-${slug(product)}.pdf`,
			description: `Safety data sheet: ${product}`,
			category: 'Safety Data Sheets',
			date: `2025-${String(3 + i).padStart(2, '0')}-15`,
			body: [
				'# 1. Identification',
				`Product: ${product}. Recommended use: building and construction.`,
				'# 2. Hazard identification',
				hazard,
				'# 4. First aid measures',
				firstAid,
				'# 7. Handling and storage',
				storage,
				'Emergency: Poisons Information Centre 13 11 26.',
			],
		}),
	)
	TECHNICAL.forEach(([title, description, body], i) =>
		document({
			file: `${slug(title)}.pdf`,
			description,
			category: 'Technical Data',
			date: `2026-0${1 + i}-10`,
			body,
		}),
	)
	FORMS.forEach(([title, description, body], i) =>
		document({
			file: `${slug(title)}.pdf`,
			description,
			category: 'Forms',
			date: `2025-0${7 + i}-01`,
			body,
		}),
	)
	for (const [title, description, date, body] of PROMOTIONS)
		document({ file: `${slug(title)}.pdf`, description, category: 'Promotions', date, body })
	for (const c of CUSTOMERS)
		document(
			{
				file: `trading-terms-${c.id_cust}.pdf`,
				description: `Trading terms for ${c.customerName}`,
				category: 'Account Documents',
				date: '2026-07-01',
				body: [
					`# ${c.customerName} (account ${c.id_cust})`,
					`Your discount off trade prices: ${Math.round(c.discount * 100)}%.`,
					'Payment terms: 30 days from the end of the month of invoice.',
					'Deliveries within 25 km of a branch are charged by vehicle type and distance.',
					'These terms replace any earlier terms from 1 July 2026.',
				],
			},
			c.id_cust,
		)
}
