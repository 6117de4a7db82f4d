import { type Db } from '../db.ts'

type Row = [
	objectSet: string,
	label: string,
	type: string,
	value: string,
	value2: string,
	enabled: boolean,
	desc: string,
]

/** Company-wide widget configuration; the media paths are served by the sandbox itself. */
const WIDGETS: Row[] = [
	[
		'homepage',
		'Spring timber sale',
		'clickable image',
		'/presenter/media/banners/timber-sale.svg',
		'/products/TIM',
		true,
		'Spring timber sale: 15% off structural pine and decking',
	],
	[
		'homepage',
		'Trade breakfast',
		'clickable image',
		'/presenter/media/banners/trade-breakfast.svg',
		'/stores',
		true,
		'Trade breakfast at every branch, first Friday of the month',
	],
	[
		'homepage',
		'Roofing range',
		'clickable image',
		'/presenter/media/banners/roofing-range.svg',
		'/products/ROF',
		true,
		'New roofing and guttering range now in stock',
	],
	['homepage', 'balances', 'widget', '', '', true, 'Account balances'],
	['topbuttonbar', 'Products', 'button', '', '', true, ''],
	['topbuttonbar', 'Quotes/Orders', 'button', '', '', true, ''],
	['topbuttonbar', 'Invoices', 'button', '', '', true, ''],
	['topbuttonbar', 'Statements', 'button', '', '', true, ''],
	['topbuttonbar', 'Custom Lists', 'button', '', '', true, ''],
	['topbuttonbar', 'My Account', 'button', '', '', true, ''],
	['topbuttonbar', 'Account Admin', 'button', '', '', true, ''],
	['topbuttonbar', 'Downloads', 'button', '', '', true, ''],
	['topbuttonbar', 'Price Book', 'button', '', '', true, ''],
	['topbuttonbar', 'Pay Account', 'button', '', '', true, ''],
	[
		'topbuttonbar',
		'Link Tradify Account',
		'link',
		'https://go.tradifyhq.com/',
		'',
		false,
		'Job management integration',
	],
	[
		'topbuttonbar',
		'Unlink Tradify Account',
		'unlink',
		'https://go.tradifyhq.com/',
		'',
		false,
		'Job management integration',
	],
	[
		'Links',
		'Safe Work Australia',
		'link',
		'https://www.safeworkaustralia.gov.au',
		'',
		true,
		'Codes of practice and site safety guidance',
	],
	[
		'Links',
		'Bureau of Meteorology',
		'link',
		'http://www.bom.gov.au',
		'',
		true,
		'Forecasts and rain radar for pour days',
	],
	[
		'Links',
		'Australian Building Codes Board',
		'link',
		'www.abcb.gov.au',
		'',
		true,
		'The National Construction Code',
	],
	['Links', 'NSW Fair Trading', 'link', '', '', true, 'Licence checks (no address configured)'],
	['bottomlinkbar', 'Handy Links', 'Handy Links', '', '', true, ''],
	[
		'bottomlinkbar',
		'Support',
		'Support Email',
		'mailto:trade.support@southerncrossbuilding.com.au',
		'',
		true,
		'',
	],
	['bottomlinkbar', 'Our Stores', 'Store Listing', '', '', true, ''],
	['bottomlinkbar', 'Contact a Representative', 'AccountContact', '', '', true, ''],
]

export function seedContent(db: Db) {
	const insert = db.prepare(
		`INSERT INTO widgets (id_cust, object_set, label_object, type_object, object_value, object_value_2, is_enabled, desc_object, sort)
		 VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	WIDGETS.forEach(([set, label, type, value, value2, enabled, desc], i) =>
		insert.run(set, label, type, value, value2, enabled ? 1 : 0, desc, i),
	)
}
