/**
 * What the demo catalogue is made of, per menu type and class: product names (built from option
 * lists or listed with their prices), trade price ranges, units of measure, stock lengths of
 * length-sold products, and pools of feature and information lines. seed/products.ts turns this
 * into rows.
 */

/** A product name, a weight that orders it by price within its class, or an explicit trade price. */
export type Named = { name: string; weight: number; price?: number }
type Option = string | [label: string, weight: number]

/** Every combination of the option lists, the first list varying slowest; weights add up. */
export function cross(template: string, ...lists: Option[][]): Named[] {
	let out: Named[] = [{ name: template, weight: 0 }]
	lists.forEach((list, i) => {
		out = out.flatMap((partial) =>
			list.map((option) => {
				const [label, weight] = typeof option === 'string' ? [option, 0] : option
				return {
					name: partial.name.replace(`{${i}}`, label).replace(/\s+/g, ' ').trim(),
					weight: partial.weight + weight,
				}
			}),
		)
	})
	return out
}

/** Names with their own trade prices (ex GST). */
export function priced(...items: Array<[name: string, price: number]>): Named[] {
	return items.map(([name, price]) => ({ name, weight: price, price }))
}

/** Cross-section options weighted by area, e.g. sizes('90x45', '140x45'). */
function sizes(...list: string[]): Option[] {
	return list.map((s) => {
		const [a = 0, b = 0] = s.split('x').map(Number)
		return [s, a * b]
	})
}

/** Options weighted by their order: later ones cost more. */
function ranked(...list: string[]): Option[] {
	return list.map((s, i) => [s, i])
}

export type InfoContext = { name: string; cls: string; r: () => number }
export type Lines = Array<[itemType: string, itemDescription: string]>

export type ClassData = {
	names: Named[]
	/** Trade price range ex GST (per first UOM) when the names carry no prices. */
	price?: [low: number, high: number]
	/** Completes the long description: '{name} – {phrase}'. */
	phrase: string
	uoms?: string[]
	tally?: number[]
}

export type TypeData = {
	/** UOM lists to choose from ('EA|BOX': first is the pricing unit). */
	uoms: string[]
	/** Stock lengths in metres: set for length-sold (tally) products. */
	tally?: number[]
	features: Lines
	info: (ctx: InfoContext) => Lines
	classes: Record<string, ClassData>
}

/** The numbers of the first AxB(xC) group in a name. */
export function dims(name: string): number[] {
	const m = /(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)(?:\s*x\s*(\d+(?:\.\d+)?))?/.exec(name)
	return m ? m.slice(1).filter(Boolean).map(Number) : []
}

/** The number before a unit in a name, e.g. unit(name, 'mm'). */
export function unit(name: string, u: string): number | undefined {
	const m = new RegExp(`(\\d+(?:\\.\\d+)?)\\s?${u}\\b`, 'i').exec(name)
	return m ? Number(m[1]) : undefined
}

const fixed = (n: number, d = 1) => n.toFixed(d)
const pick = <T>(r: () => number, list: readonly T[]): T =>
	list[Math.floor(r() * list.length)] ?? (list[0] as T)

const FRAMING = [2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.2, 4.5, 4.8, 5.1, 5.4, 6.0]
const LVL = [3.6, 4.2, 4.8, 5.4, 6.0, 7.2, 8.4, 9.6, 10.8, 12.0]
const DECKING = [1.8, 2.1, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.2, 4.5, 4.8, 5.4, 6.0]
const MOULDING = [2.1, 2.4, 2.7, 3.0, 3.6, 4.2, 4.8, 5.4]
const ROOFING = [2.4, 3.0, 3.6, 4.2, 4.8, 5.4, 6.0, 7.2, 8.4]
const GUTTER = [3.0, 4.5, 6.0]
const DOWNPIPE = [1.8, 2.4, 3.0, 6.0]

const COLORBOND: Option[] = [
	['Zincalume', 0],
	['Colorbond Monument', 0.5],
	['Colorbond Surfmist', 0.5],
	['Colorbond Woodland Grey', 0.5],
	['Colorbond Basalt', 0.5],
	['Colorbond Shale Grey', 0.5],
	['Colorbond Night Sky', 0.5],
]

const finishOf = (name: string) =>
	/Zincalume/.test(name)
		? 'Zincalume AZ150'
		: `${/Colorbond [\w ]+$/.exec(name)?.[0] ?? 'Colorbond'} (AZ150 base)`

export const CATALOGUE: Record<string, TypeData> = {
	'TIM/FRM': {
		uoms: ['LM', 'LM|M'],
		tally: FRAMING,
		features: [
			['Feature', 'Kiln dried to 10–15% moisture content for dimensional stability'],
			['Feature', 'Machine stress graded and stamped on every length'],
			['Benefit', 'Straighter walls with less bow, twist and spring'],
			['Feature', 'Dressed all round with eased edges for safer handling'],
			['Benefit', 'Cut to length at the branch on request'],
			['Feature', 'Sourced from PEFC-certified Australian plantation forests'],
			['Benefit', 'Span tables available from the trade desk'],
		],
		info: ({ name, cls }) => {
			const [a = 90, b = 45] = dims(name)
			const lvl = cls === 'LVL'
			const grade = lvl ? 'E13 LVL' : name.includes('MGP12') ? 'MGP12' : 'MGP10'
			const treated = cls === 'H2F' || name.includes('T2 Blue')
			return [
				['Dimensions', `${a} x ${b} mm`],
				['Grade', grade],
				[
					'Treatment',
					treated
						? 'H2F envelope treated (blue), above ground, south of the Tropic of Capricorn'
						: lvl
							? 'Untreated; H2S treated on request'
							: 'Untreated, kiln dried',
				],
				['Standard', lvl ? 'AS/NZS 4357.0' : 'AS/NZS 1748.1'],
				['Weight', `${fixed(a * b * 1e-6 * (lvl ? 620 : 520))} kg/m`],
			]
		},
		classes: {
			MGP10: {
				names: cross(
					'MGP10 Pine {0} Framing',
					sizes(
						'45x45',
						'70x35',
						'70x45',
						'90x35',
						'90x45',
						'120x35',
						'120x45',
						'140x35',
						'140x45',
						'190x35',
						'190x45',
						'240x45',
						'290x45',
					),
				),
				price: [2.9, 24.5],
				phrase:
					'machine stress-graded, kiln-dried radiata pine for wall and roof framing to AS 1684',
			},
			MGP12: {
				names: cross(
					'MGP12 Pine {0} {1} Framing',
					sizes('70x45', '90x45', '120x45', '140x45', '190x45', '240x45', '290x45'),
					[
						['', 0],
						['T2 Blue', 400],
					],
				),
				price: [4.3, 32],
				phrase:
					'higher-stiffness structural pine for longer spans in floor joists, rafters and lintels',
			},
			H2F: {
				names: cross(
					'H2F {0} Blue Pine {1} Framing',
					[
						['MGP10', 0],
						['MGP12', 500],
					],
					sizes('70x35', '70x45', '90x35', '90x45', '140x45', '190x45', '240x45'),
				),
				price: [3.4, 28],
				phrase:
					'termite-treated blue pine framing for above-ground use south of the Tropic of Capricorn',
			},
			LVL: {
				names: cross(
					'{0} LVL {1}',
					[
						['hySPAN', 0],
						['Wesbeam e-beam+', 300],
						['SmartLVL 15', 150],
					],
					sizes('150x45', '200x45', '240x45', '300x45', '360x45'),
				),
				price: [15.5, 66],
				phrase:
					'laminated veneer lumber beam, straight and stable, for lintels, bearers and long-span beams',
				tally: LVL,
			},
		},
	},
	'TIM/DEC': {
		uoms: ['LM', 'LM|M'],
		tally: DECKING,
		features: [
			['Feature', 'Random lengths mean fewer joins and less waste'],
			['Benefit', 'Suits joists at up to 450 mm centres'],
			['Feature', 'Eased edges and a consistent dressed face'],
			['Benefit', 'Oil within two weeks of laying for an even colour'],
			['Feature', 'Pre-drilled fixing recommended within 50 mm of board ends'],
			['Benefit', 'Bulk deck packs available for whole-job orders'],
			['Feature', 'Graded to AS 2796 for appearance'],
		],
		info: ({ name, cls }) => {
			const [a = 90, b = 19] = dims(name)
			const species: Record<string, string> = {
				MER: 'Merbau (Intsia bijuga), imported, legally sourced',
				SPG: 'Spotted Gum (Corymbia maculata), Australian hardwood',
				TPD: 'Radiata pine, H3 treated',
				CMP: 'Recycled wood fibre and polyethylene composite',
			}
			return [
				['Dimensions', `${a} x ${b} mm`],
				['Species', species[cls] ?? 'Hardwood'],
				[
					'Durability',
					cls === 'CMP'
						? '25-year limited residential warranty'
						: cls === 'TPD'
							? 'H3 treated for outdoor use above ground'
							: 'Class 1 above ground',
				],
				[
					'Fixing',
					cls === 'CMP'
						? 'Hidden clip system'
						: 'Two 10g x 50 mm stainless decking screws per joist',
				],
			]
		},
		classes: {
			MER: {
				names: cross(
					'Merbau Decking {0} {1}',
					sizes('65x19', '70x19', '86x19', '90x19', '140x19', '90x22', '140x22'),
					['Random Length', ['Pencil Round', 100]],
				),
				price: [4.2, 11.5],
				phrase: 'naturally durable hardwood decking with a rich reddish-brown colour',
			},
			SPG: {
				names: cross(
					'Spotted Gum Decking {0} {1}',
					sizes('85x19', '86x19', '110x19', '130x19', '86x22', '135x22', '180x20'),
					['Standard & Better Grade', ['Select Grade', 800]],
				),
				price: [5.6, 16.5],
				phrase:
					'Australian hardwood decking, Class 1 durable and BAL-29 rated for bushfire-prone sites',
			},
			TPD: {
				names: cross(
					'Treated Pine Decking {0} H3 {1}',
					sizes('70x19', '90x19', '70x22', '90x22', '140x22', '90x28', '140x28'),
					['Reeded', 'Smooth'],
				),
				price: [2.6, 9.5],
				phrase: 'H3 treated radiata pine decking for budget-friendly outdoor decks and landscaping',
			},
			CMP: {
				names: cross(
					'{0} Composite Decking 137x23 {1}',
					[
						['Ekodeck Classic', 0],
						['ModWood Flame Shield', 2],
						['Trex Enhance', 1],
					],
					['Charcoal', 'Silver Grey', 'Spotted Gum', 'Merbau', 'Teak'],
				),
				price: [11.2, 17.8],
				phrase: 'wood-plastic composite decking board that never needs oiling or staining',
				tally: [3.6, 5.4],
			},
		},
	},
	'TIM/SHT': {
		uoms: ['SHT', 'SHT|EA'],
		features: [
			['Feature', 'Square-cut edges and consistent thickness'],
			['Benefit', 'Cut to size service available at selected branches'],
			['Feature', 'Low-emission E0/E1 bonding'],
			['Benefit', 'Packs of 10+ sheets delivered on one crane-truck drop'],
			['Feature', 'Stored under cover and delivered dry'],
			['Benefit', 'Machines cleanly with standard woodworking tools'],
		],
		info: ({ name, cls }) => {
			const [l = 2400, w = 1200, third] = dims(name)
			const t = third ?? unit(name, 'mm') ?? 12
			const density: Record<string, number> = { PLY: 550, MDF: 750, PBD: 680 }
			const standard: Record<string, string> = {
				PLY: 'AS/NZS 2269.0',
				MDF: 'AS/NZS 1859.2',
				PBD: 'AS/NZS 1860.1',
			}
			return [
				['Dimensions', `${l} x ${w} x ${t} mm`],
				['Standard', standard[cls] ?? 'AS/NZS 1859.1'],
				['Emission class', cls === 'PLY' ? 'E0 (Type A phenolic bond)' : 'E1'],
				['Weight', `${fixed(l * w * t * 1e-9 * (density[cls] ?? 650))} kg per sheet`],
			]
		},
		classes: {
			PLY: {
				names: cross(
					'Structural Plywood 2400x1200x{1} F11 {0} Grade',
					[
						['CD', 0],
						['DD', 8],
					],
					ranked('7mm', '9mm', '12mm', '15mm', '17mm', '19mm', '25mm'),
				),
				price: [34, 148],
				phrase:
					'F11 structural plywood with a Type A phenolic bond for bracing, flooring and formwork',
			},
			MDF: {
				names: cross(
					'{0} MDF {1} 2400x1200',
					[
						['Standard', 0],
						['Moisture Resistant', 3],
					],
					ranked('3mm', '6mm', '9mm', '12mm', '16mm', '18mm', '25mm'),
				),
				price: [16.5, 94],
				phrase:
					'medium density fibreboard with a smooth face for joinery, shelving and painted panels',
			},
			PBD: {
				names: cross(
					'Structaflor {0} Particleboard Flooring {1}',
					['Yellow Tongue', 'Red Tongue', 'Blue Tongue'],
					ranked(
						'3600x800x19mm',
						'3600x900x19mm',
						'3600x800x22mm',
						'3600x900x22mm',
						'3600x900x25mm',
					),
				),
				price: [44, 98],
				phrase: 'tongue-and-groove particleboard flooring for platform and fit-out floors',
			},
		},
	},
	'TIM/MLD': {
		uoms: ['LM', 'LM|M'],
		tally: MOULDING,
		features: [
			['Feature', 'Consistent profile from length to length for tight joins'],
			['Benefit', 'Pre-primed lengths save a coat on site'],
			['Feature', 'Finger-jointed and knot-free'],
			['Benefit', 'Matching architraves and skirtings in every profile'],
			['Feature', 'Sanded ready for painting or staining'],
			['Benefit', 'Fixes with adhesive and 40 mm brads'],
		],
		info: ({ name }) => {
			const [a = 66, b = 18] = dims(name)
			const material = /MDF/.test(name)
				? 'Medium density fibreboard'
				: /Oak/.test(name)
					? 'Tasmanian Oak'
					: 'Radiata pine'
			return [
				['Dimensions', `${a} x ${b} mm`],
				['Material', material],
				['Finish', /Primed/.test(name) ? 'Pre-primed, ready for top coat' : 'Dressed, unfinished'],
			]
		},
		classes: {
			SKT: {
				names: cross(
					'{0} Skirting {1}',
					[
						['Primed MDF', 0],
						['Primed FJ Pine', 3],
						['Tasmanian Oak', 12],
					],
					[
						['Bullnose 68x12', 0],
						['Colonial 66x18', 2],
						['Splayed 66x18', 2],
						['Lambs Tongue 92x18', 4],
						['Colonial 138x18', 8],
					],
				),
				price: [2.6, 14.5],
				phrase: 'skirting board for finishing the junction of wall linings and floors',
			},
			ARC: {
				names: cross(
					'{0} Architrave {1}',
					[
						['Primed MDF', 0],
						['Primed FJ Pine', 3],
						['Tasmanian Oak', 12],
					],
					[
						['Bullnose 42x12', 0],
						['Half Splayed 42x12', 0],
						['Colonial 66x18', 3],
						['Splayed 66x18', 3],
						['Lambs Tongue 66x18', 4],
					],
				),
				price: [1.9, 9.8],
				phrase: 'architrave moulding to trim door and window openings',
			},
			DRS: {
				names: cross(
					'Dressed Pine DAR {0} Clear',
					sizes(
						'19x19',
						'42x19',
						'42x42',
						'66x19',
						'66x42',
						'90x19',
						'90x42',
						'140x19',
						'140x42',
						'185x19',
						'185x42',
						'235x19',
						'290x19',
					),
				),
				price: [0.95, 14.8],
				phrase: 'dressed-all-round clear radiata pine for joinery, shelving and trims',
			},
		},
	},
	'BLD/PLB': {
		uoms: ['SHT', 'SHT|EA'],
		features: [
			['Feature', 'Recessed edges for flush, invisible joints'],
			['Benefit', 'Lighter sheets mean faster, safer installation'],
			['Feature', 'Paper faces ready for any paint finish after setting'],
			['Benefit', 'Delivered and stacked to the room on request'],
			['Feature', 'Made in Australia to AS/NZS 2588'],
			['Benefit', 'Compatible with the full Gyprock and Knauf system range'],
		],
		info: ({ name, cls }) => {
			if (cls === 'CRN')
				return [
					['Profile', /Cornice (.+?) \d/.exec(name)?.[1] ?? 'Cove'],
					['Length', `${unit(name, 'm') ?? 4.8} m`],
					['Fixing', 'Cornice cement, 200 mm centres'],
				]
			const [l = 2400, w = 1200] = dims(name)
			const t = unit(name, 'mm') ?? 10
			const weight: Record<number, number> = { 10: 6.9, 13: 8.5, 16: 12.1 }
			const lines: Lines = [
				['Dimensions', `${l} x ${w} mm`],
				['Thickness', `${t} mm`],
				['Weight', `${fixed(weight[t] ?? 8)} kg/m²`],
				['Standard', 'AS/NZS 2588'],
			]
			if (cls === 'FIR') lines.push(['Fire rating', 'FRL up to -/120/120 in tested wall systems'])
			if (cls === 'WET')
				lines.push(['Moisture', 'Moisture-resistant core and face papers for wet areas'])
			return lines
		},
		classes: {
			STD: {
				names: cross(
					'Gyprock {0} Plasterboard {1}',
					[
						['10mm', 0],
						['13mm', 8],
					],
					ranked(
						'2400x1200',
						'2700x1200',
						'3000x1200',
						'3600x1200',
						'4200x1200',
						'4800x1200',
						'6000x1200',
					),
				),
				price: [13.5, 54],
				phrase: 'recessed-edge plasterboard for internal walls and ceilings',
			},
			WET: {
				names: cross(
					'{0} 10mm Wet Area Board {1}',
					['Gyprock Aquachek', 'Knauf MoistureShield'],
					ranked(
						'2400x1200',
						'2700x1200',
						'3000x1200',
						'3600x1200',
						'4200x1200',
						'4800x1200',
						'6000x1200',
					),
				),
				price: [19, 68],
				phrase: 'moisture-resistant plasterboard for bathrooms, laundries and kitchens',
			},
			FIR: {
				names: cross(
					'{0} {1} Fire Rated Plasterboard {2}',
					['Gyprock Fyrchek', 'Knauf FireShield'],
					[
						['13mm', 0],
						['16mm', 5],
					],
					ranked('2400x1200', '3000x1200', '3600x1200', '6000x1200'),
				),
				price: [26, 98],
				phrase:
					'fire-resistant plasterboard with a glass-fibre reinforced core for fire-rated systems',
			},
			CRN: {
				names: cross(
					'Gyprock Cornice {0} {1}',
					[
						['Cove 55mm', 0],
						['Cove 75mm', 1],
						['Cove 90mm', 2],
						['Symmetric 75mm', 3],
						['Linea 75mm', 3],
						['Sydney 90mm', 4],
						['Anglia 90mm', 4],
					],
					[
						['4.2m', 0],
						['4.8m', 2],
					],
				),
				price: [8.5, 24],
				phrase: 'paper-faced plaster cornice to finish wall and ceiling junctions',
				uoms: ['LEN', 'LEN|EA'],
			},
		},
	},
	'BLD/CEM': {
		uoms: ['BAG', 'BAG|EA'],
		features: [
			['Feature', 'Moisture-resistant bag keeps product dry on site'],
			['Benefit', 'Consistent mix from bag to bag'],
			['Feature', 'Made in Australia'],
			['Benefit', 'Pallet rates on 56 bags or more'],
			['Feature', 'Clear mixing and curing instructions on every bag'],
			['Benefit', 'Available from every branch, same-day pickup'],
		],
		info: ({ name, cls }) => {
			if (cls === 'REO') {
				const bar: Record<string, string> = {
					SL62: '6.0 mm @ 200 mm',
					SL72: '6.75 mm @ 200 mm',
					SL81: '7.6 mm @ 100 mm',
					SL82: '7.6 mm @ 200 mm',
					SL92: '8.6 mm @ 200 mm',
					SL102: '9.5 mm @ 200 mm',
					RL818: '7.6 mm @ 100 mm x 200 mm',
					RL918: '8.6 mm @ 100 mm x 200 mm',
				}
				const code = /^(\w+)/.exec(name)?.[1] ?? 'SL82'
				const [l = 6000, w = 2400] = dims(name)
				return [
					['Sheet size', `${l} x ${w} mm`],
					['Bar size and spacing', bar[code] ?? '7.6 mm @ 200 mm'],
					['Grade', 'D500L'],
					['Standard', 'AS/NZS 4671'],
				]
			}
			const lines: Lines = [['Weight', `${unit(name, 'kg') ?? 20} kg`]]
			if (cls === 'GPC')
				lines.push(['Standard', 'AS 3972 Type GP'], ['Shelf life', '6 months in a dry store'])
			if (cls === 'CON') {
				lines.push(['Yield', 'Approx. 0.01 m³ (10 L) per 20 kg bag'])
				lines.push(['Strength', `${unit(name, 'MPa') ?? 25} MPa at 28 days`])
			}
			if (cls === 'MOR')
				lines.push(
					['Coverage', 'Approx. 30 standard bricks per 20 kg bag'],
					['Standard', 'AS 3700'],
				)
			return lines
		},
		classes: {
			GPC: {
				names: cross(
					'{0} {1} 20kg',
					[
						['Boral', 1],
						['Cement Australia', 1],
						['Adbri', 1],
						['Bastion', 0],
					],
					[
						['GP Cement', 0],
						['Builders Cement', 0],
						['Off White Cement', 2],
						['Rapid Set Cement', 3],
					],
				),
				price: [9.4, 18.5],
				phrase: 'general purpose Portland cement for concrete, mortar and render',
			},
			CON: {
				names: cross(
					'{0} {1} 20kg',
					[
						['Boral', 1],
						['Cement Australia', 1],
						['Bastion', 0],
					],
					[
						['Concrete Mix 25MPa', 0],
						['Fence Post Concrete', 1],
						['Rapid Set Concrete', 2],
						['Fibre Reinforced Concrete 32MPa', 3],
						['High Strength Concrete 40MPa', 4],
					],
				),
				price: [8.5, 16.5],
				phrase: 'pre-blended concrete: just add water for footings, posts and small slabs',
			},
			MOR: {
				names: cross(
					'{0} {1} 20kg',
					[
						['Boral', 1],
						['Cement Australia', 1],
						['Bastion', 0],
					],
					[
						['Mortar Mix', 0],
						['Brickies Mortar Off White', 2],
						['Render Mix', 1],
						['Sand & Cement Mix', 0],
						['Tile Bed Mortar', 2],
					],
				),
				price: [8.9, 17],
				phrase: 'pre-blended mortar for bricklaying, rendering and bedding',
			},
			REO: {
				names: cross(
					'{0} Reinforcing Mesh {1}',
					[
						['SL62', 0],
						['SL72', 1],
						['SL81', 3],
						['SL82', 2],
						['SL92', 4],
						['SL102', 5],
						['RL818', 4],
						['RL918', 6],
					],
					[
						['6000x2400', 2],
						['4000x2000', 0],
					],
				),
				price: [58, 268],
				phrase: 'welded steel reinforcing mesh for slabs, footpaths and driveways',
				uoms: ['SHT', 'SHT|EA'],
			},
		},
	},
	'BLD/FCS': {
		uoms: ['SHT', 'SHT|EA'],
		features: [
			['Feature', 'Resistant to rot, termites and moisture'],
			['Benefit', 'Non-combustible: suits BAL-rated homes'],
			['Feature', 'Cut with a score-and-snap knife or fibre cement blade'],
			['Benefit', 'Takes paint and texture coatings well'],
			['Feature', 'Manufactured in Australia by James Hardie'],
			['Benefit', 'Backed by a 25-year product warranty'],
		],
		info: ({ name }) => {
			const [l = 2400, w = 1200] = dims(name)
			const t = unit(name, 'mm')
			const lines: Lines = [['Dimensions', `${l} x ${w} mm`]]
			if (t && t < 20) lines.push(['Thickness', `${t} mm`])
			lines.push(['Standard', 'AS/NZS 2908.2'], ['Fire', 'Non-combustible to AS 1530.1'])
			return lines
		},
		classes: {
			FCB: {
				names: cross(
					'James Hardie {0} {1}',
					[
						['HardieFlex 4.5mm', 0],
						['HardieFlex 6mm', 2],
						['Villaboard 6mm', 3],
						['Villaboard 9mm', 5],
						['Compressed Sheet 15mm', 12],
					],
					[
						['2400x1200', 0],
						['2700x1200', 1],
						['3000x1200', 2],
					],
				),
				price: [18, 88],
				phrase: 'fibre cement lining sheet for wet areas, soffits and external cladding',
			},
			WBD: {
				names: cross(
					'James Hardie {0} Weatherboard {1}',
					[
						['Linea 150mm', 1],
						['Linea 180mm', 2],
						['HardiePlank Smooth 230mm', 0],
						['HardiePlank Woodgrain 180mm', 0],
						['Scyon Axon 133mm', 3],
					],
					[
						['3000mm', 0],
						['3600mm', 1],
						['4200mm', 2],
					],
				),
				price: [19, 64],
				phrase: 'fibre cement weatherboard with the look of timber and none of the maintenance',
				uoms: ['EA', 'EA|LEN'],
			},
			EAV: {
				names: cross(
					'{0} Eave Lining {1}',
					[
						['HardieFlex 4.5mm', 0],
						['Villaboard 6mm', 2],
						['Scyon Matrix 8mm', 5],
					],
					sizes('2400x450', '2400x600', '2400x900', '2400x1200', '3000x450'),
				),
				price: [9, 39],
				phrase: 'pre-cut fibre cement eave lining for fast soffit installation',
			},
		},
	},
	'BLD/BRK': {
		uoms: ['EA'],
		features: [
			['Feature', 'Consistent size for even mortar joints'],
			['Benefit', 'Full and part pallets delivered by crane truck'],
			['Feature', 'Made in Australia from local clays and aggregates'],
			['Benefit', 'Colour-consistent from pallet to pallet'],
			['Feature', 'Frost and salt resistant for coastal areas'],
			['Benefit', 'Low maintenance for the life of the building'],
		],
		info: ({ name, cls }) => {
			const colour =
				/(Red Blend|Chocolate|Cream|Charcoal|Smooth White|Grey|Sandstone|Terracotta)/.exec(
					name,
				)?.[1]
			const blockSize = name.includes('10.')
				? '390 x 190 x 90 mm'
				: name.includes('15.')
					? '390 x 190 x 140 mm'
					: '390 x 190 x 190 mm'
			const d = dims(name)
			const lines: Lines = [
				[
					'Dimensions',
					cls === 'BLK' ? blockSize : d.length ? `${d.join(' x ')} mm` : '230 x 76 x 110 mm',
				],
			]
			if (colour) lines.push(['Colour', colour])
			lines.push(['Standard', 'AS/NZS 4455'])
			lines.push([
				'Pallet quantity',
				cls === 'BRK' ? '400 bricks' : cls === 'BLK' ? '90 blocks' : '10 m²',
			])
			return lines
		},
		classes: {
			BRK: {
				names: cross(
					'{0} {1} Face Brick 230x76x110',
					[
						['Austral', 1],
						['PGH', 0],
						['Boral', 1],
					],
					[
						['Red Blend', 0],
						['Cream', 0],
						['Chocolate', 1],
						['Charcoal', 2],
						['Smooth White', 3],
					],
				),
				price: [0.85, 2.4],
				phrase: 'extruded clay face brick for feature and veneer walls',
			},
			BLK: {
				names: cross(
					'Besser Block {0} {1}',
					[
						['10.01 Full', 0],
						['15.01 Full', 2],
						['20.01 Full', 3],
						['20.02 Three Quarter', 2],
						['20.03 Half', 1],
						['20.12 Lintel', 5],
						['20.48 Knock-in', 4],
					],
					[
						['Grey', 0],
						['Charcoal', 1],
					],
				),
				price: [3.1, 8.9],
				phrase: 'concrete masonry block for retaining walls, garages and structural masonry',
			},
			PAV: {
				names: cross(
					'{0} Paver {1}',
					[
						['Adbri Segmental 200x100x60', 0],
						['Austral Bowral 230x114x50', 2],
						['Concrete Stepper 300x300x40', 4],
						['Adbri Courtyard 400x400x40', 8],
					],
					['Charcoal', 'Sandstone', 'Terracotta', 'Grey'],
				),
				price: [1.15, 9.6],
				phrase: 'paver for paths, patios and driveways',
			},
		},
	},
	'ROF/RSH': {
		uoms: ['LM', 'LM|M'],
		tally: ROOFING,
		features: [
			['Feature', 'Made from G550 steel with an AZ150 Zincalume coating'],
			['Benefit', 'Cut to the length you need: less waste and fewer laps'],
			['Feature', 'Colorbond finishes tested in Australian conditions'],
			['Benefit', 'Lightweight roof: lower structural loads than tiles'],
			['Feature', 'Suits BAL-40 sites with the right sarking'],
			['Benefit', 'Warranted up to 36 years depending on the environment'],
			['Feature', 'Compatible flashings and screws in every colour'],
		],
		info: ({ name, cls }) => {
			const cover: Record<string, string> = { CGI: '762 mm', TRP: '762 mm', KLP: '700 mm' }
			const pitch: Record<string, string> = { CGI: '5°', TRP: '2°', KLP: '1°' }
			return [
				[
					'Profile',
					cls === 'CGI'
						? 'Custom Orb corrugated'
						: cls === 'TRP'
							? 'Trimdek trapezoidal'
							: 'Klip-Lok concealed fix',
				],
				['Base metal thickness', `${unit(name, 'BMT') ?? 0.42} mm`],
				['Cover width', cover[cls] ?? '762 mm'],
				['Finish', finishOf(name)],
				['Minimum roof pitch', pitch[cls] ?? '5°'],
				['Standard', 'AS 1397 G550 AZ150'],
			]
		},
		classes: {
			CGI: {
				names: cross(
					'Lysaght Custom Orb Corrugated {0} {1}',
					[
						['0.42 BMT', 0],
						['0.48 BMT', 1],
					],
					COLORBOND,
				),
				price: [9.6, 17.2],
				phrase: 'classic corrugated roofing and walling, rolled from Australian steel',
			},
			TRP: {
				names: cross(
					'Lysaght Trimdek {0} {1}',
					[
						['0.42 BMT', 0],
						['0.48 BMT', 1],
					],
					COLORBOND,
				),
				price: [11, 19.8],
				phrase: 'bold trapezoidal roofing and walling for low-pitch roofs',
			},
			KLP: {
				names: cross(
					'Lysaght Klip-Lok 700 {0} {1}',
					[
						['0.42 BMT', 0],
						['0.48 BMT', 1],
					],
					COLORBOND,
				),
				price: [15, 27.5],
				phrase: 'concealed-fix roofing with no exposed screws, for roofs down to 1° pitch',
			},
		},
	},
	'ROF/GUT': {
		uoms: ['LM', 'LM|M'],
		tally: GUTTER,
		features: [
			['Feature', 'Roll-formed from Zincalume or Colorbond steel'],
			['Benefit', 'Matching stop ends, angles and outlets in every colour'],
			['Feature', 'Slotted front available for overflow protection'],
			['Benefit', 'Cut to length at the branch'],
			['Feature', 'Designed for AS/NZS 3500.3 roof drainage'],
			['Benefit', 'Long service life with minimal maintenance'],
		],
		info: ({ name, cls }) => [
			[
				'Profile',
				cls === 'QUA'
					? 'Quad'
					: cls === 'HRG'
						? 'Half round'
						: /Round/.test(name)
							? 'Round downpipe'
							: 'Rectangular downpipe',
			],
			[
				'Size',
				dims(name).length ? `${dims(name).join(' x ')} mm` : `${unit(name, 'mm') ?? 115} mm`,
			],
			['Finish', finishOf(name)],
			['Material', '0.42 BMT steel'],
			['Standard', 'AS/NZS 2179.1'],
		],
		classes: {
			QUA: {
				names: cross(
					'Stratco Quad Gutter {0} {1}',
					[
						['115mm Low-Front', 0],
						['115mm Hi-Front', 1],
						['150mm Hi-Front', 3],
					],
					COLORBOND.slice(0, 5),
				),
				price: [7.6, 14.2],
				phrase: 'quad-profile gutter for residential roof drainage',
			},
			HRG: {
				names: cross(
					'Lysaght Half Round Gutter {0} {1}',
					ranked('125mm', '150mm', '200mm'),
					COLORBOND.slice(0, 5),
				),
				price: [8.5, 19.5],
				phrase: 'traditional half-round gutter for heritage and feature roofs',
			},
			DNP: {
				names: cross(
					'{0} Downpipe {1}',
					[
						['Steel Round 90mm', 0],
						['Steel Round 100mm', 1],
						['Steel Rectangular 100x50', 1],
						['Steel Rectangular 100x75', 2],
					],
					COLORBOND.slice(0, 4),
				),
				price: [6.6, 15.8],
				phrase: 'steel downpipe to carry roof water from gutter to stormwater',
				tally: DOWNPIPE,
			},
		},
	},
	'ROF/INS': {
		uoms: ['BAG', 'BAG|PK'],
		features: [
			['Feature', 'Soft-touch, low-itch glasswool'],
			['Benefit', 'Cuts heating and cooling costs year round'],
			['Feature', 'Compressed packs: more batts per trip'],
			['Benefit', 'Improves acoustic comfort between rooms'],
			['Feature', 'Non-combustible and does not support vermin'],
			['Benefit', 'Helps meet NCC Section J and BASIX targets'],
			['Feature', 'Made in Australia with recycled glass content'],
		],
		info: ({ name, cls, r }) => {
			if (cls === 'SAR')
				return [
					['Roll size', /\d+mm x \d+m/.exec(name)?.[0] ?? '1350mm x 30m'],
					['Standard', 'AS/NZS 4200.1'],
					['Vapour permeance', 'Class 4 (vapour permeable)'],
				]
			const [l = 1160, w = 430] = dims(name)
			const pieces = 6 + Math.floor(r() * 10)
			return [
				['R-value', `R${/R(\d\.\d)/.exec(name)?.[1] ?? '3.5'}`],
				['Dimensions', `${l} x ${w} mm`],
				['Coverage', `${fixed((l * w * pieces) / 1e6)} m² per bag (${pieces} pieces)`],
				['Standard', 'AS/NZS 4859.1'],
			]
		},
		classes: {
			BAT: {
				names: cross(
					'{0} Ceiling Batts {1}',
					[
						['Earthwool', 0],
						['Pink Batts', 1],
						['Bradford Gold', 1],
					],
					[
						['R3.5 1160x430', 0],
						['R3.5 1160x580', 1],
						['R4.0 1160x430', 2],
						['R5.0 1160x580', 4],
						['R6.0 1160x430', 5],
					],
				),
				price: [56, 145],
				phrase: 'glasswool ceiling insulation batts for new homes and top-ups',
			},
			WAL: {
				names: cross(
					'{0} Wall Batts {1}',
					[
						['Earthwool', 0],
						['Pink Batts', 1],
						['Bradford Gold', 1],
					],
					[
						['R2.0 1160x430x90', 0],
						['R2.0 1160x580x90', 1],
						['R2.5 1160x430x90', 2],
						['HD R2.5 1160x430x90', 3],
						['R2.7 1160x580x90', 4],
					],
				),
				price: [48, 119],
				phrase: 'glasswool wall insulation batts sized for 90 mm stud frames',
			},
			SAR: {
				names: cross(
					'{0} {1}',
					[
						['Bradford Enviroseal RW', 0],
						['Kingspan Air-Cell Permishield', 2],
						['Tyvek HomeWrap', 1],
						['Proctorwrap HT', 3],
					],
					[
						['Roof Sarking 1350mm x 30m', 0],
						['Wall Wrap 1500mm x 30m', 1],
						['Wall Wrap 2740mm x 30m', 4],
						['Roof Sarking 1500mm x 60m', 5],
					],
				),
				price: [85, 315],
				phrase: 'breathable membrane to keep wind and water out of roofs and walls',
				uoms: ['ROLL', 'ROLL|EA'],
			},
		},
	},
	'HWR/FAS': {
		uoms: ['EA', 'EA|BOX'],
		features: [
			['Feature', 'Consistent head and point geometry for reliable driving'],
			['Benefit', 'Bulk packs lower the cost per fastener'],
			['Feature', 'Corrosion protection matched to the environment'],
			['Benefit', 'Compatible with leading tools and drivers'],
			['Feature', 'Tested to Australian load and corrosion standards'],
			['Benefit', 'Reseal-able packs keep fasteners dry on site'],
		],
		info: ({ name, cls }) => {
			const finish = /Stainless| SS /.test(name)
				? 'Stainless steel 304'
				: /Hot Dip|Galv/.test(name)
					? 'Hot dip galvanised'
					: /Zinc/.test(name)
						? 'Zinc plated'
						: 'Bright'
			const pack = /x (\d+)$/.exec(name)?.[1] ?? /(\d+)PK/.exec(name)?.[1]
			const lines: Lines = [['Finish', finish]]
			if (pack) lines.push(['Pack quantity', pack])
			if (cls === 'BOL') lines.push(['Grade', 'Property class 4.6'], ['Standard', 'AS 1111.1'])
			if (cls === 'SCR')
				lines.push(['Corrosion class', finish === 'Bright' ? 'Class 2' : 'Class 3 (AS 3566.2)'])
			if (cls === 'NAI')
				lines.push(
					['Collation', '34° paper tape'],
					['Suits', 'Paslode IM90 and IM65 framing nailers'],
				)
			if (cls === 'ANC') lines.push(['Base material', 'Concrete, brick and block'])
			return lines
		},
		classes: {
			NAI: {
				names: cross(
					'Paslode Impulse {0} Nails {1} x 3000',
					[
						['Bright', 0],
						['Galvanised', 2],
						['Hot Dip Galv', 3],
						['Stainless', 9],
					],
					ranked('50mm', '65mm', '75mm', '90mm'),
				),
				price: [62, 188],
				phrase: 'collated framing nails with fuel cells for Paslode gas nailers',
				uoms: ['BOX'],
			},
			SCR: {
				names: cross(
					'{0} {1}',
					[
						['Buildex', 1],
						['Otter', 0],
						['Zenith', 0],
					],
					[
						['Chipboard Screw 8g x 40mm Zinc 200PK', 0],
						['Roofing Screw 12-11 x 50mm Galv 100PK', 1],
						['Batten Zip 14g x 75mm Galv 100PK', 2],
						['Type 17 Timber Screw 14g x 100mm Galv 50PK', 2],
						['Decking Screw 10g x 50mm SS 500PK', 6],
					],
				),
				price: [14, 96],
				phrase: 'screws for timber, steel and decking applications',
				uoms: ['PK', 'PK|BOX'],
			},
			BOL: {
				names: cross(
					'{0} M{1} x {2} Galvanised',
					[
						['Cup Head Bolt', 0],
						['Cup Head Bolt & Nut', 1],
						['Hex Bolt & Nut', 1],
						['Coach Screw', 0],
					],
					[
						['10', 0],
						['12', 2],
					],
					[
						['100mm', 0],
						['150mm', 1],
					],
				),
				price: [0.9, 5.8],
				phrase: 'hot dip galvanised bolt for structural timber connections',
			},
			ANC: {
				names: priced(
					['Ramset AnkaScrew 10mm x 75mm Hex Head', 2.95],
					['Ramset AnkaScrew 12mm x 100mm Hex Head', 4.4],
					['Ramset Dynabolt M10 x 80mm Hex Nut', 2.1],
					['Ramset Dynabolt M12 x 100mm Hex Nut', 3.25],
					['Ramset Trubolt M12 x 125mm', 3.9],
					['Ramset Chemset 101 Injection Anchor 300ml', 42.5],
					['Ramset Masonry Anchor Plug 6mm x 30mm 100PK', 9.8],
					['Hilti HUS3-H 10 x 80 Screw Anchor', 4.75],
					['Hilti HST3 M12 x 115 Stud Anchor', 6.2],
					['Hilti HIT-HY 200-A Chemical Anchor 330ml', 68],
					['Rawlplug R-XPT M10 x 120 Throughbolt', 2.6],
					['Rawlplug Nylon Frame Fixing 10mm x 100mm 50PK', 24.5],
					['Rawlplug R-KEM II Polyester Resin 300ml', 29.9],
				),
				phrase: 'anchor for fixing to concrete and masonry',
			},
		},
	},
	'HWR/CNX': {
		uoms: ['EA', 'EA|PK'],
		features: [
			['Feature', 'Z275 galvanised steel for long-term corrosion protection'],
			['Benefit', 'Engineered connections that meet AS 1684 when installed to the guide'],
			['Feature', 'Pre-punched nail holes for fast fixing'],
			['Benefit', 'Design capacities published in the manufacturer’s guide'],
			['Feature', 'Fix with 35 x 3.15 mm galvanised connector nails'],
			['Benefit', 'Saves notching and complicated carpentry'],
		],
		info: ({ name }) => {
			const d = dims(name)
			const lines: Lines = []
			if (d.length) lines.push(['Suits member size', `${d.join(' x ')} mm`])
			lines.push([
				'Material',
				/Hot Dip|Bolt Down/.test(name) ? 'Hot dip galvanised steel' : 'Z275 galvanised steel',
			])
			lines.push(['Thickness', name.includes('Strap') ? '0.8 mm' : '1.0 mm'])
			lines.push(['Compliance', 'AS 1684 when installed to the manufacturer’s guide'])
			return lines
		},
		classes: {
			JHG: {
				names: cross(
					'{0} Joist Hanger {1}',
					['Pryda', 'MiTek'],
					sizes('45x90', '45x140', '45x190', '45x240', '45x290', '90x190', '90x240'),
				),
				price: [3.2, 12.8],
				phrase: 'galvanised joist hanger for flush floor and deck framing connections',
			},
			STR: {
				names: cross(
					'{0} {1}',
					['Pryda', 'MiTek'],
					[
						['Cyclone Tie 30mm', 0],
						['Framing Anchor', 0],
						['Multigrip', 0],
						['Triple Grip', 0],
						['Nail Plate 76x100', 0],
						['Tie Down Strap 25x1mm x 900mm', 1],
						['Strap Brace 30x0.8mm x 30m Coil', 20],
					],
				),
				price: [1.9, 68],
				phrase: 'galvanised strapping and framing connector for tie-down and bracing',
			},
			PST: {
				names: cross(
					'{0} {1} Post Support {2} Galvanised',
					['Pryda', 'MiTek'],
					[
						['Stirrup', 0],
						['Bolt Down', 2],
					],
					sizes('75x75', '90x90', '100x100', '125x125'),
				),
				price: [9.5, 42],
				phrase: 'hot dip galvanised post support to keep posts clear of the ground',
			},
		},
	},
	'HWR/ADH': {
		uoms: ['EA', 'EA|BOX'],
		features: [
			['Feature', 'Fits a standard caulking gun'],
			['Benefit', 'Paintable once cured (not silicones)'],
			['Feature', 'Low odour, low VOC formulation'],
			['Benefit', 'Boxes of 12 at a better price'],
			['Feature', 'Bonds to timber, masonry, metal and most plastics'],
			['Benefit', 'Stays flexible to handle building movement'],
		],
		info: ({ name, cls }) => {
			const size = /(\d+(?:\.\d+)?\s?(?:g|ml|kg|L))\b/.exec(name)?.[1]
			const lines: Lines = []
			if (size) lines.push(['Size', size])
			lines.push([
				'Cure time',
				cls === 'FIL' ? 'Sandable in 30–60 minutes' : 'Skins in 10 minutes, cures 2–3 mm per day',
			])
			lines.push(['Service temperature', '-20°C to +80°C'])
			if (cls === 'SIL') lines.push(['Mould resistance', 'Contains fungicide for wet areas'])
			return lines
		},
		classes: {
			SIL: {
				names: cross(
					'{0} {1} 300g',
					[
						['Selleys Wet Area Silicone', 1],
						['Selleys Roof & Gutter Silicone', 2],
						['Sikasil GP Silicone', 0],
						['Bostik Seal N Flex 1', 3],
						['Dow 791 Weatherproofing Silicone', 4],
					],
					['Clear', 'White', 'Grey'],
				),
				price: [8.4, 19.5],
				phrase: 'sealant for joints in wet areas, roofs and facades',
			},
			CNA: {
				names: priced(
					['Liquid Nails Original 320g', 7.2],
					['Liquid Nails Fast Grab 375ml', 11.4],
					['Liquid Nails Heavy Duty 375ml', 9.6],
					['Liquid Nails Landscape 375ml', 10.8],
					['Sika Sikaflex-11FC Purform 300ml', 13.9],
					['Sika Sikabond Construction Adhesive 300ml', 8.9],
					['Bostik Ultraset Flooring Adhesive 600ml', 21.5],
					['Bostik Fix & Flex 290ml', 12.6],
					['Selleys Liquid Nails Stud Adhesive 375ml', 8.6],
					['Parfix Construction Adhesive 300ml', 6.5],
					['Gyprock Stud Adhesive 20kg', 32],
					['Sika Sikaflex Pro Gap Filler 600ml', 19.8],
					['Bostik Panel Adhesive 375ml', 9.9],
				),
				phrase: 'construction adhesive for bonding sheet linings, timber and masonry',
			},
			FIL: {
				names: priced(
					['Selleys Spakfilla Rapid 250ml', 9.5],
					['Selleys Spakfilla Rapid 500ml', 15.2],
					['Selleys Knead It Multi Purpose 50g', 8.2],
					['Selleys Timbafil Pine 250g', 10.4],
					['Timbermate Wood Filler Pine 250g', 9.8],
					['Timbermate Wood Filler Merbau 250g', 9.8],
					['Timbermate Wood Filler Jarrah 250g', 9.8],
					['Gyprock Base Coat 20kg', 29.5],
					['Gyprock Easyfinish Topping Compound 20kg', 38],
					['Gyprock Cornice Cement 20kg', 26.5],
					['Selleys No More Gaps White 450g', 6.8],
					['Selleys No More Gaps Multipurpose 475g', 7.4],
					['Boral Cove Adhesive 10kg', 19.9],
				),
				phrase: 'filler and setting compound for patching, jointing and finishing',
			},
		},
	},
	'TLS/PWR': {
		uoms: ['EA'],
		features: [
			['Feature', 'Brushless motor for more run time and longer tool life'],
			['Benefit', 'Runs on the batteries you already own'],
			['Feature', 'LED work light and belt clip'],
			['Benefit', 'Service and warranty repairs through any branch'],
			['Feature', 'Electronic overload protection for tool and battery'],
			['Benefit', 'Compact, balanced body reduces fatigue'],
			['Feature', 'Variable speed trigger with electric brake'],
		],
		info: ({ name, r }) => {
			if (name.includes('Disc'))
				return [
					['Size', '125 x 1.0 x 22.23 mm'],
					['Suits', 'Steel and stainless steel'],
				]
			const brand = /^(Makita|Milwaukee|DeWalt|Ryobi)/.exec(name)?.[1] ?? 'Makita'
			const warranty: Record<string, string> = {
				Makita: '3 years',
				Milwaukee: '5 years (tool), 3 years (battery)',
				DeWalt: '3 years',
				Ryobi: '4 years with registration',
			}
			return [
				['Voltage', /230V|W /.test(name) ? '240V mains' : '18V'],
				['Weight', `${fixed(1.1 + r() * 2.8)} kg (bare tool)`],
				[
					'Included',
					/Skin/.test(name) ? 'Tool only: battery and charger sold separately' : 'As described',
				],
				['Warranty', warranty[brand] ?? '3 years'],
			]
		},
		classes: {
			DRL: {
				names: cross(
					'{0} Brushless {1} Skin',
					[
						['Ryobi 18V ONE+ HP', 0],
						['Makita 18V', 1],
						['DeWalt 18V XR', 1],
						['Milwaukee M18 FUEL', 2],
					],
					[
						['Drill Driver', 0],
						['Impact Driver', 1],
						['Hammer Drill', 1],
						['Rotary Hammer SDS Plus', 4],
					],
				),
				price: [139, 429],
				phrase: 'cordless brushless drill and driver for trade use',
			},
			SAW: {
				names: cross(
					'{0} {1}',
					[
						['Makita 18V', 0],
						['DeWalt 18V XR', 0],
						['Milwaukee M18 FUEL', 1],
					],
					[
						['Brushless Jigsaw Skin', 0],
						['Brushless Reciprocating Saw Skin', 1],
						['Brushless 185mm Circular Saw Skin', 2],
						['Brushless 165mm Plunge Track Saw Skin', 4],
						['Brushless 216mm Mitre Saw Skin', 6],
					],
				),
				price: [219, 899],
				phrase: 'cordless saw for cutting timber, sheet and framing on site',
			},
			GRN: {
				names: cross(
					'{0} {1}',
					[
						['Makita', 0],
						['Milwaukee', 1],
						['DeWalt', 0],
					],
					[
						['125mm Cutting Disc 10PK', 0],
						['720W 125mm Angle Grinder', 1],
						['18V Brushless 115mm Angle Grinder Skin', 2],
						['18V Brushless 125mm Angle Grinder Skin', 3],
						['2200W 230mm Angle Grinder', 4],
					],
				),
				price: [29, 389],
				phrase: 'angle grinder and accessories for cutting and grinding steel, masonry and tile',
			},
			BAT: {
				names: cross(
					'{0} {1}',
					[
						['Ryobi ONE+ 18V', 0],
						['Makita 18V', 1],
						['DeWalt 18V XR', 1],
						['Milwaukee M18', 2],
					],
					[
						['Rapid Charger', 0],
						['5.0Ah Battery', 1],
						['6.0Ah Battery', 2],
						['Twin Battery 5.0Ah Starter Kit', 4],
					],
				),
				price: [79, 449],
				phrase: 'battery and charging gear for cordless tool platforms',
			},
		},
	},
	'TLS/HND': {
		uoms: ['EA'],
		features: [
			['Feature', 'Forged, heat-treated steel'],
			['Benefit', 'Built for daily trade use'],
			['Feature', 'Ergonomic, non-slip grip'],
			['Benefit', 'Backed by a lifetime manufacturer warranty'],
			['Feature', 'Corrosion-resistant finish'],
			['Benefit', 'Fits standard tool belts and tool boxes'],
		],
		info: ({ name, r }) => {
			const oz = unit(name, 'oz')
			const lines: Lines = [
				['Weight', oz ? `${Math.round(oz * 28.35)} g (head)` : `${Math.round(200 + r() * 1200)} g`],
				['Material', /Titanium/.test(name) ? 'Titanium' : 'Drop-forged steel'],
				['Warranty', 'Lifetime against manufacturing defects'],
			]
			return lines
		},
		classes: {
			HAM: {
				names: priced(
					['Estwing 16oz Claw Hammer Leather Grip', 62],
					['Estwing 20oz Framing Hammer Vinyl Grip', 69],
					['Estwing 22oz Milled Face Framing Hammer', 78],
					['Estwing 14oz Drywall Hammer', 74],
					['Estwing 24oz Rock Pick', 84],
					['Stanley FatMax 20oz AntiVibe Hammer', 54],
					['Stanley 16oz Fibreglass Claw Hammer', 29],
					['Stanley 32oz Rubber Mallet', 24],
					['Stiletto TiBone 14oz Titanium Hammer', 389],
					['Thor 712 Hide Faced Hammer 38mm', 95],
					['Kincrome 4lb Club Hammer', 36],
					['Kincrome 10lb Sledge Hammer', 68],
					['Kincrome 1.5lb Dead Blow Hammer', 39],
				),
				phrase: 'hammer for framing, fixing and demolition',
			},
			CHI: {
				names: [
					...cross(
						'{0} Bevel Edge Wood Chisel {1}',
						[
							['Kincrome', 0],
							['Stanley FatMax', 1],
							['Irwin Marples', 2],
						],
						ranked('12mm', '19mm', '25mm', '32mm'),
					),
					{ name: 'Irwin Marples 4 Piece Bevel Edge Chisel Set', weight: 10 },
				],
				price: [14, 129],
				phrase: 'wood chisel for mortising, paring and door hanging',
			},
			SPN: {
				names: cross(
					'{0} {1}',
					[
						['Stanley', 0],
						['Kincrome', 1],
						['Sidchrome', 2],
					],
					[
						['Adjustable Wrench 250mm', 0],
						['Ratcheting Spanner Set 8pc Metric', 3],
						['Combination Spanner Set 14pc Metric', 4],
						['3/8in Drive Socket Set 20pc', 3],
						['1/2in Drive Socket Set 24pc Metric', 5],
					],
				),
				price: [29, 299],
				phrase: 'spanners and sockets for bolts and fixings on site',
			},
		},
	},
	'TLS/MEA': {
		uoms: ['EA'],
		features: [
			['Feature', 'Impact-resistant housing'],
			['Benefit', 'Accurate readings job after job'],
			['Feature', 'Easy-read markings and vials'],
			['Benefit', 'Calibration checks at any branch'],
			['Feature', 'Dust and water resistant'],
			['Benefit', 'Saves rework from measurement errors'],
		],
		info: ({ name, cls, r }) => {
			if (cls === 'TAP')
				return [
					['Length', `${unit(name, 'm') ?? 8} m`],
					[
						'Blade',
						name.includes('Fibreglass') ? 'Fibreglass, 13 mm' : 'Steel, 25 mm wide, nylon coated',
					],
					['Accuracy', 'Class II (EC)'],
				]
			if (cls === 'LEV')
				return [
					['Length', `${unit(name, 'mm') ?? 1200} mm`],
					['Accuracy', '±0.5 mm/m (normal position)'],
					['Vials', '3 (level, plumb, 45°)'],
				]
			return [
				['Range', `${Math.round(20 + r() * 12) * 5} m with receiver`],
				['Accuracy', `±${fixed(0.2 + r() * 0.2)} mm/m`],
				['IP rating', pick(r, ['IP54', 'IP65', 'IP66'])],
			]
		},
		classes: {
			TAP: {
				names: [
					...cross(
						'{0} {1} Tape Measure',
						[
							['Komelon', 0],
							['Stanley PowerLock', 1],
							['Milwaukee', 2],
							['Stanley FatMax', 2],
						],
						ranked('5m', '8m', '10m'),
					),
					{ name: 'Stanley 30m Fibreglass Long Tape', weight: 6 },
				],
				price: [14, 69],
				phrase: 'tape measure with a metric blade for setting out and cutting',
			},
			LEV: {
				names: [
					...cross(
						'{0} Box Spirit Level {1}',
						[
							['Empire', 0],
							['Stanley FatMax', 1],
							['Stabila 96-2', 3],
						],
						ranked('600mm', '1200mm', '1800mm', '2000mm'),
					),
					{ name: 'Stabila Torpedo Level 250mm', weight: -1 },
				],
				price: [24, 249],
				phrase: 'box spirit level for framing, block work and fit-out',
			},
			LAS: {
				names: priced(
					['Bosch GLL 3-80 Line Laser', 699],
					['Bosch GCL 2-50 Combi Laser', 549],
					['Bosch GLM 50-27 CG Laser Measure', 289],
					['Bosch BT 160 Laser Tripod 1.6m', 189],
					['Makita SK700GD Green Multi Line Laser', 799],
					['Makita SKR200Z Rotating Laser Skin', 1290],
					['Milwaukee M12 Green 3-Plane Laser Kit', 1099],
					['DeWalt 12V Green 3x360 Line Laser Kit', 949],
					['Spectra LL300N Rotating Laser', 2450],
					['Topcon RL-H5A Rotating Laser Kit', 2190],
					['Leica Lino L2 Cross Line Laser', 429],
					['Leica Disto D2 Laser Distance Meter', 279],
					['Stabila LAX 300 G Cross Line Laser', 469],
				),
				phrase: 'laser level for setting out, fit-out and site levels',
			},
		},
	},
	'PLM/PVC': {
		uoms: ['LEN', 'LEN|EA'],
		features: [
			['Feature', 'Solvent-weld joints for a permanent, watertight seal'],
			['Benefit', 'Lightweight and easy to cut on site'],
			['Feature', 'WaterMark certified'],
			['Benefit', 'Full range of matching fittings in stock'],
			['Feature', 'UV-stabilised for above-ground use'],
			['Benefit', 'Long service life with no corrosion'],
		],
		info: ({ name, cls }) => {
			const d = unit(name, 'mm')
			const lines: Lines = []
			if (d) lines.push(['Nominal size', `DN${d}`])
			if (cls !== 'FIT') lines.push(['Length', `${unit(name, 'm') ?? 6} m`])
			if (cls === 'PRS')
				lines.push(
					['Pressure class', /PN\d+/.exec(name)?.[0] ?? 'PN12'],
					['Standard', 'AS/NZS 1477'],
				)
			else lines.push(['Standard', 'AS/NZS 1260'])
			lines.push(['Joint', 'Solvent weld (type P primer and cement)'])
			return lines
		},
		classes: {
			DWV: {
				names: cross(
					'PVC DWV Pipe {0} {1}',
					[
						['40mm', 0],
						['50mm', 1],
						['65mm', 2],
						['80mm', 3],
						['90mm', 4],
						['100mm', 5],
						['150mm', 9],
					],
					[
						['x 3m', 0],
						['x 6m', 2],
					],
				),
				price: [9.5, 138],
				phrase: 'drain, waste and vent pipe for sanitary plumbing',
			},
			PRS: {
				names: cross(
					'PVC Pressure Pipe {1} {0} x 6m',
					[
						['PN12', 0],
						['PN18', 1],
					],
					ranked('15mm', '20mm', '25mm', '32mm', '40mm', '50mm', '80mm'),
				),
				price: [9.5, 124],
				phrase: 'pressure pipe for irrigation and water supply',
			},
			FIT: {
				names: cross(
					'PVC DWV {0} {1}',
					[
						['Coupling', 0],
						['Bend 45°', 1],
						['Bend 88°', 1],
						['Junction 45°', 2],
						['Inspection Opening', 3],
					],
					[
						['50mm', 0],
						['65mm', 1],
						['100mm', 3],
					],
				),
				price: [2.1, 26],
				phrase: 'solvent-weld fitting for DWV pipe systems',
				uoms: ['EA', 'EA|BOX'],
			},
		},
	},
	'PLM/TNK': {
		uoms: ['EA'],
		features: [
			['Feature', 'Food-grade polyethylene, UV-stabilised'],
			['Benefit', 'Delivered to site with a tail-lift truck'],
			['Feature', 'One-piece moulding with no seams to leak'],
			['Benefit', 'Reduces mains water use and bills'],
			['Feature', 'Includes inlet strainer and overflow'],
			['Benefit', 'Long manufacturer warranty'],
		],
		info: ({ name, cls, r }) => {
			if (cls === 'PMP')
				return [
					['Maximum flow', `${Math.round(40 + r() * 120)} L/min`],
					['Maximum head', `${Math.round(30 + r() * 40)} m`],
					['Power', `${Math.round(4 + r() * 12) * 50} W`],
					['Warranty', pick(r, ['2 years', '3 years', '5 years'])],
				]
			const capacity = unit(name, 'L') ?? 3000
			return [
				['Capacity', `${capacity} L`],
				[
					'Dimensions',
					name.includes('Slimline')
						? `${Math.round(capacity / 1.6)} x 760 x 1980 mm`
						: `${Math.round(1100 + capacity / 5)} mm diameter x 1950 mm`,
				],
				['Standard', 'AS/NZS 4766'],
				['Warranty', '20 years'],
			]
		},
		classes: {
			TNK: {
				names: cross(
					'{0} {1} Poly Water Tank {2}',
					[
						['Team Poly', 0],
						['Bushmans', 1],
					],
					[
						['Round', 0],
						['Slimline', 1],
					],
					[
						['1000L', 0],
						['2000L', 2],
						['3000L', 4],
						['5000L', 7],
					],
				),
				price: [460, 2450],
				phrase: 'rainwater tank for household and garden supply',
			},
			PMP: {
				names: priced(
					['Davey HM60-08 Pressure Pump', 589],
					['Davey HS50-06 Pressure Pump', 499],
					['Davey Torrium2 HM90-08T Pressure Pump', 1149],
					['Davey D42A/B Submersible Drainage Pump', 449],
					['Davey RainBank RBS 5 Rain to Mains Switch', 749],
					['Grundfos Scala2 Pressure Pump', 1290],
					['Grundfos SB 3-35 Submersible Tank Pump', 1190],
					['Grundfos Unilift KP 350 Drainage Pump', 489],
					['Onga JSP550 Jet Pump', 369],
					['Onga JSP750 Jet Pump', 449],
					['Onga Hydrosmart 15 Pump', 749],
					['Onga 400W Submersible Drainage Pump', 219],
					['Rainbank Rain to Mains Switch', 390],
				),
				phrase: 'pump for tank water, pressure boosting and drainage',
			},
		},
	},
	'PLM/DRN': {
		uoms: ['EA'],
		features: [
			['Feature', 'Connects to standard 90 and 100 mm stormwater'],
			['Benefit', 'Stops water pooling against slabs and footings'],
			['Feature', 'UV-stabilised and crush resistant'],
			['Benefit', 'Quick to install with basic tools'],
			['Feature', 'Meets AS/NZS 3500.3 stormwater requirements'],
			['Benefit', 'Low maintenance, easy to clean out'],
		],
		info: ({ name, cls }) => {
			const d = dims(name)
			if (cls === 'AGP')
				return [
					['Diameter', `${unit(name, 'mm') ?? 100} mm`],
					['Roll length', `${/x (\d+)m/.exec(name)?.[1] ?? 20} m`],
					['Filter', name.includes('Sock') ? 'Geotextile filter sock fitted' : 'None'],
					['Standard', 'AS 2439.1'],
				]
			if (cls === 'PIT')
				return [
					['Size', d.length ? `${d.join(' x ')} mm` : '1000 mm channel'],
					[
						'Load class',
						name.includes('Cast Iron') ? 'Class B (light vehicles)' : 'Class A (pedestrian)',
					],
					['Material', 'UV-stabilised polypropylene'],
				]
			const mm = unit(name, 'mm')
			return mm
				? [
						['Size', `${mm} mm`],
						['Standard', 'AS/NZS 1254'],
					]
				: [['Standard', 'AS/NZS 1254']]
		},
		classes: {
			AGP: {
				names: cross(
					'{0} Ag Pipe {1}',
					[
						['Slotted', 0],
						['Slotted with Filter Sock', 1],
					],
					[
						['65mm x 20m', 0],
						['100mm x 20m', 1],
						['65mm x 50m', 2],
						['100mm x 50m', 3],
						['160mm x 20m', 3],
						['65mm x 100m', 4],
						['100mm x 100m', 6],
					],
				),
				price: [24, 215],
				phrase: 'slotted agricultural drainage pipe for subsoil and retaining wall drainage',
				uoms: ['ROLL', 'ROLL|EA'],
			},
			PIT: {
				names: [
					...cross(
						'Stormwater Pit {0} with {1} Grate',
						sizes('150x150', '225x225', '300x300', '450x450'),
						[
							['Plastic', 0],
							['Galvanised Heelguard', 20000],
							['Cast Iron', 40000],
						],
					),
					{ name: 'Reln Channel Drain 1m with Heelguard Grate', weight: 50000 },
				],
				price: [14, 148],
				phrase: 'stormwater pit and grate for surface water collection',
			},
			STW: {
				names: priced(
					['PVC Stormwater Pipe 90mm x 6m SN4', 42],
					['PVC Stormwater Pipe 100mm x 6m SN4', 48],
					['PVC Stormwater Pipe 150mm x 6m SN6', 92],
					['PVC Stormwater Bend 90mm 88°', 6.8],
					['PVC Stormwater Bend 100mm 45°', 7.4],
					['PVC Stormwater Junction 100mm 45°', 12.9],
					['PVC Stormwater Coupling 90mm', 4.6],
					['PVC Stormwater Coupling 100mm', 5.2],
					['Stormwater Downpipe Adaptor 90mm', 6.2],
					['Stormwater Inspection Opening 100mm', 16.5],
					['Stormwater Tee Reducer 100x90mm', 11.8],
					['Rain Head 300x200 Zincalume', 68],
					['Leaf Eater Downpipe Rain Head', 39],
				),
				phrase: 'stormwater pipe and fitting for roof and surface water',
			},
		},
	},
	'PNT/EXT': {
		uoms: ['EA', 'EA|TIN'],
		features: [
			['Feature', 'Self-priming on most surfaces'],
			['Benefit', 'Tinted to thousands of colours at the trade counter'],
			['Feature', 'Resists flaking, peeling and blistering'],
			['Benefit', 'Trade price on 10 L and 15 L tins'],
			['Feature', 'Mould-resistant film'],
			['Benefit', 'Long-life finish in harsh Australian sun'],
		],
		info: ({ name, cls }) => [
			['Volume', `${unit(name, 'L') ?? 4} L`],
			['Sheen', /(Low Sheen|Semi Gloss|Gloss|Matt|Flat)/.exec(name)?.[1] ?? 'Low Sheen'],
			['Coverage', cls === 'ENM' ? 'Approx. 14 m² per litre' : 'Approx. 12–16 m² per litre'],
			['Recoat', cls === 'ENM' ? '16 hours' : '2 hours'],
			['Clean up', cls === 'ENM' && !name.includes('Aquanamel') ? 'Mineral turpentine' : 'Water'],
		],
		classes: {
			ACR: {
				names: cross(
					'{0} {1} {2}',
					[
						['Taubmans All Weather', 0],
						['Haymes Ultra Premium Exterior', 0],
						['Wattyl Solagard', 1],
						['Dulux Weathershield', 1],
					],
					['Low Sheen', 'Semi Gloss'],
					[
						['4L', 0],
						['10L', 3],
					],
				),
				price: [49, 235],
				phrase: 'exterior acrylic house paint for weatherboards, render and trims',
			},
			ENM: {
				names: [
					...cross(
						'{0} {1} {2}',
						['Dulux Aquanamel', 'Dulux Super Enamel', 'Wattyl Killrust'],
						['Gloss', 'Semi Gloss'],
						[
							['1L', 0],
							['4L', 3],
						],
					),
					{ name: 'Wattyl Killrust Etch Primer 1L', weight: 0.5 },
				],
				price: [32, 149],
				phrase: 'hard-wearing enamel for doors, trims, railings and metalwork',
			},
		},
	},
	'PNT/INT': {
		uoms: ['EA', 'EA|TIN'],
		features: [
			['Feature', 'Low odour and low VOC'],
			['Benefit', 'Rooms back in use the same day'],
			['Feature', 'Washable finish resists scuffs and stains'],
			['Benefit', 'Trade price on 10 L and 15 L tins'],
			['Feature', 'Excellent opacity: fewer coats'],
			['Benefit', 'Colour matched at the trade counter'],
		],
		info: ({ name, cls }) => [
			['Volume', `${unit(name, 'L') ?? 4} L`],
			[
				'Sheen',
				/(Low Sheen|Semi Gloss|Gloss|Matt|Flat)/.exec(name)?.[1] ??
					(cls === 'UND' ? 'Flat' : 'Low Sheen'),
			],
			['Coverage', 'Approx. 16 m² per litre'],
			['Recoat', '2 hours'],
			['Clean up', /Oil Based/.test(name) ? 'Mineral turpentine' : 'Water'],
		],
		classes: {
			CEI: {
				names: [
					...cross(
						'{0} Ceiling White Flat {1}',
						[
							['Taubmans', 0],
							['Wattyl', 0],
							['Haymes', 1],
							['Dulux', 1],
						],
						[
							['4L', 0],
							['10L', 3],
							['15L', 5],
						],
					),
					{ name: 'Dulux Professional Ceiling White Flat 15L', weight: 6 },
				],
				price: [44, 199],
				phrase: 'flat ceiling white that hides imperfections on plasterboard ceilings',
			},
			WLL: {
				names: cross(
					'{0} {1} {2}',
					[
						['Haymes Ultra Premium', 0],
						['Wattyl i.d Advanced', 0],
						['Taubmans Endure', 1],
						['Dulux Wash&Wear', 1],
					],
					['Low Sheen', 'Matt'],
					[
						['4L', 0],
						['10L', 3],
					],
				),
				price: [55, 239],
				phrase: 'washable interior wall paint for living areas and bedrooms',
			},
			UND: {
				names: cross(
					'{0} {1}',
					[
						['Wattyl Interior/Exterior Undercoat', 0],
						['Taubmans 3 in 1 Primer Sealer Undercoat', 0],
						['Dulux 1 Step Prep', 1],
						['Dulux Precision Oil Based Undercoat', 1],
						['Zinsser Bulls Eye 1-2-3 Primer', 2],
					],
					[
						['1L', 0],
						['4L', 3],
						['10L', 6],
					],
				),
				price: [24, 189],
				phrase: 'primer, sealer and undercoat to prepare new and previously painted surfaces',
			},
		},
	},
	'PNT/APP': {
		uoms: ['EA', 'EA|PK'],
		features: [
			['Feature', 'Trade-quality synthetic filaments and fabrics'],
			['Benefit', 'Smooth finish with fewer brush and roller marks'],
			['Feature', 'Suits water and oil based paints'],
			['Benefit', 'Cleans up easily for re-use'],
			['Feature', 'Ergonomic handles'],
			['Benefit', 'Trade packs at a better price'],
		],
		info: ({ name }) => {
			const d = dims(name)
			const size = unit(name, 'mm')
			const lines: Lines = []
			if (d.length) lines.push(['Size', `${d.join(' x ')} m`])
			else if (size) lines.push(['Size', `${size} mm`])
			lines.push([
				'Material',
				/Canvas/.test(name)
					? 'Cotton canvas'
					: /Plastic|Poly/.test(name)
						? 'Polyethylene'
						: /Cover/.test(name)
							? 'Microfibre'
							: 'Synthetic filament',
			])
			return lines
		},
		classes: {
			BRU: {
				names: cross(
					'{0} {1}',
					[
						['Uni-Pro', 0],
						['Rota', 0],
						['Monarch', 1],
					],
					[
						['Paint Brush 25mm', 0],
						['Paint Brush 50mm', 1],
						['Cutting In Brush 63mm', 2],
						['Paint Brush 75mm', 2],
						['Wall Brush 100mm', 3],
					],
				),
				price: [6.9, 39],
				phrase: 'paint brush for cutting in, trims and detail work',
			},
			ROL: {
				names: cross(
					'{0} {1}',
					[
						['Uni-Pro', 0],
						['Rota', 0],
						['Monarch', 1],
					],
					[
						['Roller Cover 270mm 10mm Nap', 0],
						['Roller Cover 270mm 20mm Nap', 1],
						['Mini Roller Kit 100mm', 1],
						['Roller Frame 270mm', 2],
						['Roller Tray Set 270mm', 3],
					],
				),
				price: [8.5, 45],
				phrase: 'roller and accessory for fast, even coverage on walls and ceilings',
			},
			DRP: {
				names: cross(
					'{0} {1}',
					[
						['Uni-Pro', 0],
						['Bastion', 0],
						['Monarch', 1],
					],
					[
						['Plastic Drop Sheet 3.6x2.7m 10PK', 0],
						['Canvas Drop Runner 1x8m', 1],
						['Canvas Drop Sheet 3.6x2.7m', 2],
						['Poly Backed Drop Sheet 4x3m', 2],
						['Canvas Drop Sheet 3.6x3.6m', 3],
					],
				),
				price: [12, 59],
				phrase: 'drop sheet to protect floors and furniture while painting',
			},
		},
	},
	'SAF/PPE': {
		uoms: ['EA', 'EA|PK'],
		features: [
			['Feature', 'Certified to the relevant Australian/New Zealand standard'],
			['Benefit', 'Comfortable enough to wear all shift'],
			['Feature', 'Lightweight construction'],
			['Benefit', 'Bulk cartons for site supply'],
			['Feature', 'Compatible with hard hats and other PPE'],
			['Benefit', 'Helps meet WHS duty-of-care obligations'],
		],
		info: ({ name, cls }) => {
			const standard: Record<string, string> = {
				GLV: 'AS/NZS 2161.2, EN 388',
				EYE: 'AS/NZS 1337.1',
				EAR: 'AS/NZS 1270',
				RSP: 'AS/NZS 1716',
			}
			const lines: Lines = [['Standard', standard[cls] ?? 'AS/NZS 1337.1']]
			const size = /Size (\d+)/.exec(name)?.[1]
			if (size) lines.push(['Size', size])
			const cls5 = /Class (\d)/.exec(name)?.[1]
			if (cls5) lines.push(['Hearing class', `Class ${cls5}`])
			if (cls === 'EYE')
				lines.push(
					['Lens', /(Clear|Smoke|Amber)/.exec(name)?.[1] ?? 'Clear'],
					['Coating', 'Anti-fog, anti-scratch'],
				)
			if (cls === 'RSP')
				lines.push([
					'Protection',
					/P3/.test(name) ? 'P3' : /ABEK/.test(name) ? 'ABEK1 gas and vapour' : 'P2',
				])
			return lines
		},
		classes: {
			GLV: {
				names: cross(
					'{0} Gloves {1}',
					[
						['Maxisafe Nitrile Disposable 100PK', 3],
						['ProChoice Riggers Leather', 0],
						['Ansell HyFlex 11-800', 1],
						['Ansell HyFlex 11-541 Cut Resistant', 2],
					],
					['Size 8', 'Size 9', 'Size 10', 'Size 11'],
				),
				price: [4.5, 32],
				phrase: 'work gloves for handling, fixing and general construction',
				uoms: ['PR', 'PR|PK'],
			},
			EYE: {
				names: [
					...cross(
						'{0} Safety Glasses {1}',
						[
							['Pyramex Intruder', 0],
							['ProChoice Tsunami', 0],
							['Uvex Skyper', 1],
							['3M SecureFit 400', 1],
						],
						['Clear', 'Smoke', 'Amber'],
					),
					{ name: 'Uvex Ultravision Safety Goggles Clear', weight: 3 },
				],
				price: [6.9, 24],
				phrase: 'impact-rated safety eyewear for cutting, grinding and site work',
			},
			EAR: {
				names: priced(
					['3M Peltor X2A Earmuffs Class 4', 39],
					['3M Peltor X4A Earmuffs Class 5', 55],
					['3M Peltor X5A Earmuffs Class 5', 69],
					['3M Peltor Optime 105 Earmuffs Class 5', 62],
					['3M 1100 Foam Earplugs 200PR', 58],
					['3M 1271 Corded Earplugs 100PR', 79],
					['Moldex SparkPlugs Earplugs 200PR', 49],
					['Moldex Pura-Fit Earplugs Dispenser 500PR', 135],
					['Howard Leight Leightning L3 Earmuffs Class 5', 48],
					['Howard Leight Impact Sport Electronic Earmuffs', 119],
					['Howard Leight Max Earplugs 200PR', 52],
					['ProChoice Banded Earplugs Class 3', 6.5],
					['Uvex K2 Earmuffs Class 5', 44],
				),
				phrase: 'hearing protection for noisy sites and power tool use',
			},
			RSP: {
				names: priced(
					['3M 8822 P2 Valved Respirator 10PK', 39],
					['3M 9322A+ Aura P2 Respirator 10PK', 54],
					['3M 8835+ P3 Valved Respirator 5PK', 89],
					['3M 6200 Half Face Respirator Medium', 36],
					['3M 6800 Full Face Respirator Medium', 249],
					['3M 2097 P2 Particulate Filter Pair', 21],
					['3M 6059 ABEK1 Combination Cartridge Pair', 58],
					['3M Versaflo TR-300+ PAPR Kit', 1450],
					['Moldex 2405 P2 Valved Respirator 12PK', 42],
					['Moldex 7002 Half Mask Medium', 48],
					['Moldex 9430 P3 Particulate Filter Pair', 26],
					['ProChoice P2 Valved Respirator 12PK', 24],
					['ProChoice Half Mask Respirator', 22],
				),
				phrase: 'respiratory protection against dust, silica and fumes',
			},
		},
	},
	'SAF/WKW': {
		uoms: ['EA'],
		features: [
			['Feature', 'Reinforced stitching at stress points'],
			['Benefit', 'Built to last through daily site wear'],
			['Feature', 'Breathable fabrics for hot conditions'],
			['Benefit', 'Company logo embroidery available on orders of 20+'],
			['Feature', 'Sizes from S to 5XL'],
			['Benefit', 'Meets site dress requirements for major contractors'],
		],
		info: ({ name, cls }) => {
			if (cls === 'BOO')
				return [
					['Size', /Size (\d+)/.exec(name)?.[1] ?? '9'],
					['Standard', 'AS 2210.3'],
					['Toe cap', /Composite/.test(name) ? 'Composite' : 'Steel'],
					['Sole', 'Heat-resistant TPU/PU, oil and slip resistant'],
				]
			return [
				['Standard', 'AS/NZS 4602.1 Class D/N'],
				['Colour', /(Orange\/Navy|Yellow\/Navy)/.exec(name)?.[1] ?? 'Orange/Navy'],
				['Material', name.includes('Vest') ? 'Polyester mesh' : '100% cotton drill, 190 gsm'],
				['Sizes', 'S to 5XL'],
			]
		},
		classes: {
			HIV: {
				names: cross(
					'{0} Hi-Vis {1} {2}',
					[
						['KingGee', 0],
						['Bisley', 1],
						['Hard Yakka', 1],
					],
					[
						['Vest', 0],
						['Polo', 2],
						['Taped Shirt', 4],
					],
					['Orange/Navy', 'Yellow/Navy'],
				),
				price: [18, 69],
				phrase: 'high-visibility workwear with reflective tape for day and night use',
			},
			BOO: {
				names: cross(
					'{0} Safety Boot {1}',
					[
						['KingGee Phoenix', 0],
						['Oliver AT 55-332', 1],
						['Blundstone 990', 1],
						['Steel Blue Argyle Zip', 2],
						['Mongrel 261 Composite', 2],
					],
					['Size 8', 'Size 9', 'Size 10', 'Size 11'],
				),
				price: [119, 249],
				phrase: 'safety boot with a protective toe cap for site work',
				uoms: ['PR', 'PR|EA'],
			},
		},
	},
	'SAF/SIT': {
		uoms: ['EA'],
		features: [
			['Feature', 'Durable, weather-resistant construction'],
			['Benefit', 'Helps keep sites compliant with WHS regulations'],
			['Feature', 'High-visibility colours'],
			['Benefit', 'Quick to set up and move between jobs'],
			['Feature', 'Made to the relevant Australian standard'],
			['Benefit', 'Hire-grade quality at purchase prices'],
		],
		info: ({ name, cls }) => {
			const d = dims(name)
			const lines: Lines = []
			if (d.length)
				lines.push(['Dimensions', `${d.join(' x ')} ${d.some((n) => n > 50) ? 'mm' : 'm'}`])
			if (cls === 'SGN')
				lines.push(['Standard', /Traffic|Stop/.test(name) ? 'AS 1742.3' : 'AS 1319'])
			if (cls === 'FAK')
				lines.push(['Compliance', 'Model Code of Practice: First aid in the workplace'])
			if (cls === 'BAR')
				lines.push([
					'Material',
					/Water Filled|Cone|Mesh|Tape|Cap/.test(name)
						? 'UV-stabilised polyethylene'
						: 'Hot dip galvanised steel',
				])
			return lines
		},
		classes: {
			BAR: {
				names: priced(
					['Temporary Fence Panel 2.4x2.1m', 89],
					['Temporary Fence Base Concrete Filled', 24],
					['Temporary Fence Clamp', 3.8],
					['Temporary Fence Shade Cloth 1.8x50m Green', 119],
					['Barrier Mesh Orange 1x50m', 32],
					['Plastic Water Filled Barrier 2m Orange', 165],
					['Crowd Control Barrier 2.2m Galvanised', 139],
					['Bollard Cone 900mm Orange', 28],
					['Traffic Cone 700mm Reflective', 19.5],
					['Star Picket 1800mm', 6.9],
					['Star Picket Safety Cap Yellow 100PK', 39],
					['Barricade Tape Danger 75mm x 250m', 12.5],
					['Barricade Tape Caution 75mm x 250m', 12.5],
				),
				phrase: 'site barrier and fencing to separate work zones from the public',
			},
			SGN: {
				names: priced(
					['Safety Sign Hard Hat Area 600x450 Metal', 42],
					['Safety Sign Danger Construction Site 600x450 Metal', 42],
					['Safety Sign First Aid 300x225 Metal', 19],
					['Safety Sign Eye Protection Must Be Worn 450x300 Poly', 16],
					['Safety Sign No Smoking 450x300 Poly', 16],
					['Site Sign Authorised Personnel Only 600x450 Poly', 29],
					['Emergency Assembly Area Sign 600x450 Metal', 45],
					['Corflute Sign Site Office 600x450', 14],
					['Multi-Message Site Entry Sign 900x600', 129],
					['Traffic Sign Workers Ahead 900x600', 89],
					['Traffic Sign Prepare to Stop 900x600', 89],
					['Stop/Slow Bat 1800mm', 79],
					['Sign Stand A-Frame Swing', 119],
				),
				phrase: 'safety and traffic signage for construction sites',
			},
			FAK: {
				names: priced(
					['Trafalgar Construction First Aid Kit Portable', 139],
					['Trafalgar Workplace First Aid Kit Wall Mount', 189],
					['Trafalgar Vehicle First Aid Kit', 69],
					['St John Small Workplace First Aid Kit', 99],
					['St John Large Workplace First Aid Kit', 249],
					['Burns Kit Portable', 59],
					['Snake Bite Kit', 34],
					['Eye Wash Station 500ml', 29],
					['Eye Wash Pods 15ml 20PK', 24],
					['Fabric Plastic Strips 100PK', 9.5],
					['Sterile Eye Pads 10PK', 12],
					['Emergency Foil Blanket', 4.5],
					['Sunscreen SPF50+ 1L Pump', 19.9],
				),
				phrase: 'first aid supplies for workplaces, vehicles and remote sites',
			},
		},
	},
}
