import { expect, test } from 'vitest'
import { attachment } from './files.ts'

test('a download keeps its exact name, with an ASCII fallback', () => {
	expect(attachment('Frame Package – Single Storey.csv')).toBe(
		`attachment; filename="Frame Package - Single Storey.csv"; filename*=UTF-8''Frame%20Package%20%E2%80%93%20Single%20Storey.csv`,
	)
	expect(attachment('Jess\'s "best"/list.csv')).toBe(
		`attachment; filename="Jess's best list.csv"; filename*=UTF-8''Jess%27s%20best%20list.csv`,
	)
	expect(attachment('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`)
})
