import { type Db } from '../db.ts'

/** Category → type → class, with ids as the presenter keys them. */
export const MENU: Array<
	[
		id: string,
		name: string,
		types: Array<[id: string, name: string, classes: Array<[string, string]>]>,
	]
> = [
	[
		'TIM',
		'Timber',
		[
			[
				'FRM',
				'Framing Timber',
				[
					['MGP10', 'MGP10 Pine'],
					['MGP12', 'MGP12 Pine'],
					['H2F', 'H2F Treated Pine'],
					['LVL', 'LVL Beams'],
				],
			],
			[
				'DEC',
				'Decking',
				[
					['MER', 'Merbau'],
					['SPG', 'Spotted Gum'],
					['TPD', 'Treated Pine Decking'],
					['CMP', 'Composite Decking'],
				],
			],
			[
				'SHT',
				'Sheet Products',
				[
					['PLY', 'Structural Plywood'],
					['MDF', 'MDF'],
					['PBD', 'Particleboard Flooring'],
				],
			],
			[
				'MLD',
				'Mouldings',
				[
					['SKT', 'Skirting'],
					['ARC', 'Architrave'],
					['DRS', 'Dressed Pine'],
				],
			],
		],
	],
	[
		'BLD',
		'Building Materials',
		[
			[
				'PLB',
				'Plasterboard',
				[
					['STD', 'Standard Plasterboard'],
					['WET', 'Wet Area Board'],
					['FIR', 'Fire Rated Board'],
					['CRN', 'Cornice'],
				],
			],
			[
				'CEM',
				'Cement & Concrete',
				[
					['GPC', 'General Purpose Cement'],
					['CON', 'Concrete Mix'],
					['MOR', 'Mortar Mix'],
					['REO', 'Reinforcing Mesh'],
				],
			],
			[
				'FCS',
				'Fibre Cement',
				[
					['FCB', 'Fibre Cement Sheet'],
					['WBD', 'Weatherboards'],
					['EAV', 'Eave Linings'],
				],
			],
			[
				'BRK',
				'Bricks & Blocks',
				[
					['BRK', 'Face Bricks'],
					['BLK', 'Besser Blocks'],
					['PAV', 'Pavers'],
				],
			],
		],
	],
	[
		'ROF',
		'Roofing',
		[
			[
				'RSH',
				'Roof Sheeting',
				[
					['CGI', 'Corrugated'],
					['TRP', 'Trimdek'],
					['KLP', 'Klip-Lok'],
				],
			],
			[
				'GUT',
				'Guttering & Downpipes',
				[
					['QUA', 'Quad Gutter'],
					['HRG', 'Half Round Gutter'],
					['DNP', 'Downpipes'],
				],
			],
			[
				'INS',
				'Insulation',
				[
					['BAT', 'Ceiling Batts'],
					['WAL', 'Wall Batts'],
					['SAR', 'Sarking & Wraps'],
				],
			],
		],
	],
	[
		'HWR',
		'Hardware',
		[
			[
				'FAS',
				'Fasteners',
				[
					['NAI', 'Nails'],
					['SCR', 'Screws'],
					['BOL', 'Bolts & Nuts'],
					['ANC', 'Anchors'],
				],
			],
			[
				'CNX',
				'Brackets & Connectors',
				[
					['JHG', 'Joist Hangers'],
					['STR', 'Strapping'],
					['PST', 'Post Supports'],
				],
			],
			[
				'ADH',
				'Adhesives & Sealants',
				[
					['SIL', 'Silicone'],
					['CNA', 'Construction Adhesive'],
					['FIL', 'Fillers'],
				],
			],
		],
	],
	[
		'TLS',
		'Tools',
		[
			[
				'PWR',
				'Power Tools',
				[
					['DRL', 'Drills & Drivers'],
					['SAW', 'Saws'],
					['GRN', 'Grinders'],
					['BAT', 'Batteries & Chargers'],
				],
			],
			[
				'HND',
				'Hand Tools',
				[
					['HAM', 'Hammers'],
					['CHI', 'Chisels'],
					['SPN', 'Spanners & Sockets'],
				],
			],
			[
				'MEA',
				'Measuring & Levels',
				[
					['TAP', 'Tape Measures'],
					['LEV', 'Spirit Levels'],
					['LAS', 'Laser Levels'],
				],
			],
		],
	],
	[
		'PLM',
		'Plumbing',
		[
			[
				'PVC',
				'PVC Pipe & Fittings',
				[
					['DWV', 'DWV Pipe'],
					['PRS', 'Pressure Pipe'],
					['FIT', 'Fittings'],
				],
			],
			[
				'TNK',
				'Water Tanks & Pumps',
				[
					['TNK', 'Poly Tanks'],
					['PMP', 'Pumps'],
				],
			],
			[
				'DRN',
				'Drainage',
				[
					['AGP', 'Ag Pipe'],
					['PIT', 'Pits & Grates'],
					['STW', 'Stormwater'],
				],
			],
		],
	],
	[
		'PNT',
		'Paint & Sundries',
		[
			[
				'EXT',
				'Exterior Paint',
				[
					['ACR', 'Acrylic'],
					['ENM', 'Enamel'],
				],
			],
			[
				'INT',
				'Interior Paint',
				[
					['CEI', 'Ceiling White'],
					['WLL', 'Wall Paint'],
					['UND', 'Undercoat'],
				],
			],
			[
				'APP',
				'Brushes & Rollers',
				[
					['BRU', 'Brushes'],
					['ROL', 'Rollers'],
					['DRP', 'Drop Sheets'],
				],
			],
		],
	],
	[
		'SAF',
		'Safety & Workwear',
		[
			[
				'PPE',
				'Personal Protection',
				[
					['GLV', 'Gloves'],
					['EYE', 'Eye Protection'],
					['EAR', 'Hearing Protection'],
					['RSP', 'Respirators'],
				],
			],
			[
				'WKW',
				'Workwear',
				[
					['HIV', 'Hi-Vis'],
					['BOO', 'Work Boots'],
				],
			],
			[
				'SIT',
				'Site Safety',
				[
					['BAR', 'Barriers & Fencing'],
					['SGN', 'Signage'],
					['FAK', 'First Aid'],
				],
			],
		],
	],
]

/** Menu images are generated SVGs served by the sandbox; one type has a broken image link. */
export function seedMenu(db: Db) {
	const insert = db.prepare('INSERT INTO menu VALUES (?, ?, ?, ?, ?, ?)')
	let sort = 0
	const image = (...ids: string[]) => `/presenter/media/menu/${ids.join('-')}.svg`
	for (const [cat, catName, types] of MENU) {
		insert.run(cat, '', '', catName, image(cat), sort++)
		for (const [type, typeName, classes] of types) {
			const file =
				cat === 'PNT' && type === 'APP' ? '/presenter/media/missing/brushes.jpg' : image(cat, type)
			insert.run(cat, type, '', typeName, file, sort++)
			for (const [cls, clsName] of classes)
				insert.run(cat, type, cls, clsName, image(cat, type, cls), sort++)
		}
	}
}
