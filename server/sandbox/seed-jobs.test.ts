import { describe, expect, test } from 'vitest'
import { jobKey } from '#app/utils/job-key.ts'
import { SEED_JOBS } from './seed/jobs.ts'
import { SEED_TODAY, transactionSeed } from './seed/transactions.ts'

/** The dates the portal's offer of jobs from history takes: the 12 months before the seed's today. */
const YEAR_AGO = `${Number(SEED_TODAY.slice(0, 4)) - 1}${SEED_TODAY.slice(4)}`
const dateOf = (t: { invoiceDate: string; deliveryDate: string }) => t.invoiceDate || t.deliveryDate
const site = (t: { shipAddress1: string; shipAddress2: string; shipAddress3: string }) =>
	[t.shipAddress1, t.shipAddress2, t.shipAddress3].join(' | ')

describe('seeded history grouped into jobs', () => {
	const all = transactionSeed()

	describe.each(Object.keys(SEED_JOBS).map(Number))('customer %i', (customer) => {
		const theirs = all.filter((t) => t.id_cust === customer)
		// Grouped as the portal groups references into jobs: the Job Name, else the Order Ref.
		const byJob = new Map<string, typeof theirs>()
		for (const t of theirs) {
			const key = jobKey(t.jobName || t.customerOrderNumber)
			if (key) byJob.set(key, [...(byJob.get(key) ?? []), t])
		}
		const window = theirs.filter((t) => dateOf(t) >= YEAR_AGO && dateOf(t) <= SEED_TODAY)
		const named = new Set(
			window.map((t) => jobKey(t.jobName || t.customerOrderNumber)).filter(Boolean),
		)

		test('the last 12 months name 4 to 10 jobs, most with 3 transactions or more', () => {
			expect(named.size).toBeGreaterThanOrEqual(4)
			expect(named.size).toBeLessThanOrEqual(10)
			const counts = [...named].map(
				(key) => window.filter((t) => jobKey(t.jobName || t.customerOrderNumber) === key).length,
			)
			expect(counts.filter((n) => n >= 3).length).toBeGreaterThan(counts.length / 2)
		})

		test('every job has one name, one reference and one site for all its deliveries', () => {
			for (const job of SEED_JOBS[customer]!) {
				const booked = byJob.get(jobKey(job.name))!
				expect(booked.length, job.name).toBeGreaterThanOrEqual(3)
				expect(new Set(booked.map((t) => t.customerOrderNumber)), job.name).toEqual(
					new Set([job.number]),
				)
				const delivered = booked.filter((t) => t.despatchMethod !== 'PICKUP')
				expect(new Set(delivered.map(site)), job.name).toEqual(
					new Set([site({ ...delivered[0]!, shipAddress1: job.street })]),
				)
				expect(delivered[0]!.shipAddress2).toBe(job.suburb)
				expect(delivered[0]!.shipAddress3).toMatch(/^NSW \d{4}$/)
				// Every transaction falls within the job's dates.
				for (const t of booked) {
					expect(t.deliveryDate >= job.from && t.deliveryDate <= job.to, job.name).toBe(true)
				}
			}
		})

		test('some jobs ended months ago, some more than a year ago', () => {
			const lastOf = (key: string) => byJob.get(key)!.map(dateOf).sort().at(-1)!
			const keys = SEED_JOBS[customer]!.map((j) => jobKey(j.name))
			const threeMonthsAgo = `${SEED_TODAY.slice(0, 5)}08${SEED_TODAY.slice(7)}`
			expect(keys.some((k) => lastOf(k) < threeMonthsAgo && lastOf(k) >= YEAR_AGO)).toBe(true)
			expect(keys.some((k) => lastOf(k) < YEAR_AGO)).toBe(true)
		})

		test('the last 12 months name no reference outside the jobs', () => {
			const jobs = new Set(SEED_JOBS[customer]!.map((j) => jobKey(j.name)))
			expect([...named].filter((k) => !jobs.has(k))).toEqual([])
		})

		test('totals agree with the lines, and delivery charges with the distance', () => {
			for (const t of theirs) {
				expect(t.exCents).toBe(t.lines.reduce((sum, l) => sum + l.lineCents, 0))
				const charge = t.lines.find((l) => l.productCode.startsWith('DEL-'))
				if (!charge) continue
				const band = charge.productCode.split('-').slice(2).join('-')
				const upper = band === '50-PLUS' ? Infinity : Number(band.split('-')[1])
				const lower = Number(band.split('-')[0])
				expect(t.distanceKm > lower || lower === 0, `${t.transactionNumber}`).toBe(true)
				expect(t.distanceKm <= upper, `${t.transactionNumber}`).toBe(true)
			}
		})
	})

	test("demo's documented transactions are as docs/sandbox.md names them, each in its job", () => {
		const documented = [
			[
				'609630-0',
				'Order',
				'',
				'Fraser Residence – Carport',
				'8 Canterbury Road | Manly | NSW 2095',
				452130,
				['HNAI012', 3, 47601],
				['TTPD005', 72, 20376],
				['BREO003', 39, 300885],
				['BBRK012', 7, 1190],
				['TCHI004', 7, 28819],
				['BCRN001', 3, 2256],
				['DEL-TRAY-10-25', 1, 9900],
			],
			[
				'609673-0',
				'Quote',
				'HCC-2440',
				'Unit 9 Fitout',
				'14 Queen Street | Windsor | NSW 2756',
				389814,
				['TMGP12004', 100.2, 66533],
				['PACR004', 5, 22610],
				['BREO002', 33, 173580],
				['TMDF007', 21, 81753],
				['DEL-TRAY-10-25', 1, 9900],
			],
			[
				'609593-0',
				'Invoice',
				'HCC-2488',
				'78 Church Street – Rear Extension',
				'78 Church Street | Cessnock | NSW 2325',
				570331,
				['BEAV004', 5, 5665],
				['TMDF006', 23, 125626],
				['HJHG005', 46, 33718],
				['BCON009', 18, 25578],
				['BWET009', 14, 42224],
				['PWLL009', 12, 256392],
				['TMGP10003', 35.7, 15280],
				['DEL-TRAY-25-50', 1, 14000],
			],
			[
				'608690-0',
				'Invoice',
				'HCC-2620',
				'Lot 62 Jacaranda Way – Bathroom Renovation',
				'Lot 62 Jacaranda Way | Auburn | NSW 2144',
				0,
				['TMGP12004', 123, 0],
			],
			[
				'609013-0',
				'Invoice',
				'HCC-2535',
				'Nguyen Residence – Bathroom Renovation',
				'144 Botany Road | Cessnock | NSW 2325',
				602210,
				['BWET005', 22, 97526],
				['PSTW008', 7, 3794],
				['BREO011', 28, 407568],
				['HBOL010', 48, 24576],
				['DEL-TRAY-25-50', 1, 14000],
			],
			[
				'609013-1',
				'Invoice',
				'HCC-2535',
				'Nguyen Residence – Bathroom Renovation',
				'144 Botany Road | Cessnock | NSW 2325',
				107279,
				['BWET005', 22, 97526],
			],
		] as const
		for (const [key, type, ref, jobName, ship, incCents, ...lines] of documented) {
			const t = all.find((t) => `${t.transactionNumber}-${t.transactionSuffix}` === key)!
			expect(
				[t.transactionType, t.customerOrderNumber, t.jobName, site(t), t.exCents + t.gstCents],
				key,
			).toEqual([type, ref, jobName, ship, incCents])
			expect(t.lines.map((l) => [l.productCode, l.quantity, l.lineCents])).toEqual(lines)
			const job = SEED_JOBS[10001]!.find((j) => j.name === jobName)!
			expect([job.number, job.street, job.suburb], key).toEqual([
				ref,
				t.shipAddress1,
				t.shipAddress2,
			])
		}
	})
})
