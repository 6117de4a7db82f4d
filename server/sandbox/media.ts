import { Router, type Response } from 'express'
import { type Db } from './db.ts'

const BANNERS: Record<string, [title: string, subtitle: string, from: string, to: string]> = {
	'timber-sale': [
		'Spring Timber Sale',
		'15% off structural pine and decking until 30 November',
		'#7f4f24',
		'#b08968',
	],
	'trade-breakfast': [
		'Trade Breakfast',
		'Bacon rolls and coffee at every branch, first Friday of the month',
		'#1d3557',
		'#457b9d',
	],
	'roofing-range': [
		'New Roofing Range',
		'Corrugated, Trimdek and Klip-Lok in 12 colours, cut to length',
		'#2b2d42',
		'#8d99ae',
	],
}

function escape(text: string) {
	return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function hue(text: string) {
	let h = 0
	for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 360
	return h
}

function banner([title, subtitle, from, to]: [string, string, string, string]) {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<g fill="#fff" font-family="Arial, Helvetica, sans-serif"><text x="80" y="190" font-size="72" font-weight="700">${escape(title)}</text>
<text x="80" y="260" font-size="30">${escape(subtitle)}</text></g></svg>`
}

function tile(name: string) {
	const h = hue(name)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="hsl(${h} 45% 88%)"/><circle cx="200" cy="120" r="60" fill="hsl(${h} 50% 60%)"/>
<text x="200" y="240" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="26" fill="hsl(${h} 60% 20%)">${escape(name)}</text></svg>`
}

/** Generated images the seed data points at: banners and menu tiles. Anything else is a 404. */
export function mediaRouter(db: Db) {
	const router = Router()
	const send = (res: Response, svg: string) =>
		res
			.type('image/svg+xml')
			.set('Cache-Control', 'public, max-age=86400')
			.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
			.send(svg)
	router.get('/banners/:name.svg', (req, res) => {
		const spec = BANNERS[req.params.name]
		if (!spec) return void res.sendStatus(404)
		send(res, banner(spec))
	})
	router.get('/menu/:ids.svg', (req, res) => {
		const [cat = '', type = '', cls = ''] = req.params.ids.split('-')
		const row = db
			.prepare(
				'SELECT menuDesc FROM menu WHERE prodCategory = ? AND prodType = ? AND prodClass = ?',
			)
			.get(cat, type, cls) as { menuDesc: string } | undefined
		if (!row) return void res.sendStatus(404)
		send(res, tile(row.menuDesc))
	})
	return router
}
