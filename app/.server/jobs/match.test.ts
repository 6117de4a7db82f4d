import { describe, expect, test } from 'vitest'
import { jobKey, jobOf } from './match.ts'

const jobs = [
	{ id: 'smith', name: 'Smith St renovation', number: 'PO-1400' },
	{ id: 'duplex', name: 'Duplex Lot 212', number: null },
	{ id: 'unit', name: 'Unit fit-out', number: 'L212' },
]

describe('a transaction finds its job', () => {
	test('by the job’s number in its Order Ref or Job Name', () => {
		expect(jobOf({ orderRef: 'PO-1400' }, jobs)?.id).toBe('smith')
		expect(jobOf({ orderRef: '', jobName: 'PO-1400' }, jobs)?.id).toBe('smith')
	})

	test('by the job’s name in its Order Ref or Job Name', () => {
		expect(jobOf({ orderRef: 'Duplex Lot 212' }, jobs)?.id).toBe('duplex')
		expect(jobOf({ jobName: 'Unit fit-out' }, jobs)?.id).toBe('unit')
	})

	test('ignoring case', () => {
		expect(jobOf({ orderRef: 'po-1400' }, jobs)?.id).toBe('smith')
		expect(jobOf({ jobName: 'SMITH ST RENOVATION' }, jobs)?.id).toBe('smith')
	})

	test('ignoring spacing: spaces before, after, doubled, or none at all', () => {
		expect(jobOf({ orderRef: '  Smith  St renovation ' }, jobs)?.id).toBe('smith')
		expect(jobOf({ orderRef: 'DuplexLot212' }, jobs)?.id).toBe('duplex')
		expect(jobOf({ orderRef: 'PO - 1400' }, jobs)?.id).toBe('smith')
		expect(jobOf({ orderRef: 'PO-\t1400' }, jobs)?.id).toBe('smith')
	})

	test('a number wins over a name: a reference that is one job’s number and another’s name', () => {
		const clash = [
			{ id: 'named', name: 'L212', number: null },
			{ id: 'numbered', name: 'Unit fit-out', number: 'L212' },
		]
		expect(jobOf({ orderRef: 'l 212' }, clash)?.id).toBe('numbered')
		// The Order Ref names one job and the Job Name numbers another: the number wins too.
		expect(jobOf({ orderRef: 'Smith St renovation', jobName: 'L212' }, jobs)?.id).toBe('unit')
	})

	test('no match: another reference, part of a name, or nothing at all', () => {
		expect(jobOf({ orderRef: 'PO-1401' }, jobs)).toBeUndefined()
		expect(jobOf({ orderRef: 'Smith St' }, jobs)).toBeUndefined()
		expect(jobOf({ orderRef: '', jobName: '  ' }, jobs)).toBeUndefined()
		expect(jobOf({}, jobs)).toBeUndefined()
		expect(jobOf({ orderRef: 'PO-1400' }, [])).toBeUndefined()
	})

	test('the key compared is lower case without spaces', () => {
		expect(jobKey(' Lot  212\n')).toBe('lot212')
		expect(jobKey(null)).toBe('')
	})
})
