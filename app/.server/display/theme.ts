import tinycolor from 'tinycolor2'

export type BaseColours = { primary: string; masthead: string; hyperlink: string }

/** tinycolor's perceived brightness (0–255) as a 0–1 fraction. */
export function brightness(colour: string) {
	return tinycolor(colour).getBrightness() / 255
}

/** White or near-black, whichever reads better on `background` (text on buttons, masthead). */
function readableOn(background: string) {
	return tinycolor.mostReadable(background, ['#ffffff', '#111111']).toHexString()
}

/**
 * The theme variants derived from the three base colours:
 * - primary: light = 10% lighter, dark = 10% darker;
 * - masthead hover: 7.5% lighter when brightness < 0.75, otherwise 10% darker;
 * - hyperlink hover: 10% lighter when brightness < 0.25, otherwise 10% darker.
 */
export function deriveTheme({ primary, masthead, hyperlink }: BaseColours) {
	const hex = (c: tinycolor.Instance) => c.toHexString()
	return {
		'--primary': hex(tinycolor(primary)),
		'--primary-light': hex(tinycolor(primary).lighten(10)),
		'--primary-dark': hex(tinycolor(primary).darken(10)),
		'--primary-contrast': readableOn(primary),
		'--masthead': hex(tinycolor(masthead)),
		'--masthead-hover': hex(
			brightness(masthead) < 0.75
				? tinycolor(masthead).lighten(7.5)
				: tinycolor(masthead).darken(10),
		),
		'--masthead-contrast': readableOn(masthead),
		'--link': hex(tinycolor(hyperlink)),
		'--link-hover': hex(
			brightness(hyperlink) < 0.25
				? tinycolor(hyperlink).lighten(10)
				: tinycolor(hyperlink).darken(10),
		),
	}
}

const rules = new Map<string, string>()

/**
 * The :root rule emitted in the document head, so the first paint is themed without JS. Worked out
 * once per set of colours (the configuration's), not on every page.
 */
export function themeCss(colours: BaseColours) {
	const key = `${colours.primary} ${colours.masthead} ${colours.hyperlink}`
	let rule = rules.get(key)
	if (!rule) {
		const vars = Object.entries(deriveTheme(colours))
			.map(([name, value]) => `${name}:${value}`)
			.join(';')
		rule = `:root{${vars}}`
		rules.set(key, rule)
	}
	return rule
}
