import { defineList } from '#app/utils/list.ts'

/** Downloads (spec part 2 §3 Download file): its columns, all visible by default. */
export const DOWNLOADS_LIST = defineList({
	name: 'downloads',
	columns: [
		{ key: 'FileName', label: 'File Name' },
		{ key: 'Description', label: 'Description' },
		{ key: 'Category', label: 'Category' },
		{ key: 'Date', label: 'Date' },
	],
})
