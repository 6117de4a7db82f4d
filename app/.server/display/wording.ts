import { type Settings } from '../presenter/config.ts'

/**
 * Tax wording: the tax-mode variant says Dispatch, Tax and Zip Code where the
 * default says Despatch, GST and Postcode; tax_inclusive picks include or exclude.
 */
export function taxWording(settings: Pick<Settings, 'tax_mode' | 'tax_inclusive'>) {
	const tax = settings.tax_mode ? 'Tax' : 'GST'
	return {
		tax,
		despatch: settings.tax_mode ? 'Dispatch' : 'Despatch',
		zipCode: settings.tax_mode ? 'Zip Code' : 'Postcode',
		allPrices: `All Prices ${settings.tax_inclusive ? 'include' : 'exclude'} ${tax}`,
		note: settings.tax_mode ? 'Tax will be calculated upon order creation' : null,
	}
}
