import { defineList } from '#app/utils/list.ts'

/**
 * Downloads: its columns, all visible by default. A phone's card
 * (docs/decisions/044-list-cards-and-selection-bars-in-css.md): the file; then what it is and its
 * date; its category under 'More'.
 */
export const DOWNLOADS_LIST = defineList({
	name: 'downloads',
	columns: [
		{ key: 'FileName', label: 'File Name', card: 'title' },
		{ key: 'Description', label: 'Description', card: 'summary' },
		{ key: 'Category', label: 'Category' },
		{ key: 'Date', label: 'Date', card: 'summary' },
	],
})
