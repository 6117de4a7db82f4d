import { describe, expect, it } from 'vitest'
import { distanceKm, formatKm } from './geo.ts'

const sydney = { latitude: -33.8688, longitude: 151.2093 }
const melbourne = { latitude: -37.8136, longitude: 144.9631 }

describe('distanceKm', () => {
	it('is 0 from a point to itself and the same both ways', () => {
		expect(distanceKm(sydney, sydney)).toBe(0)
		expect(distanceKm(sydney, melbourne)).toBe(distanceKm(melbourne, sydney))
	})

	it('measures along the great circle', () => {
		// Sydney to Melbourne is about 714 km as the crow flies.
		expect(distanceKm(sydney, melbourne)).toBeCloseTo(713.4, 0)
		// A degree of latitude is about 111.2 km on the mean-radius sphere.
		expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
			111.19,
			2,
		)
		// Half way round the Earth, across the date line.
		expect(distanceKm({ latitude: 0, longitude: 179 }, { latitude: 0, longitude: -1 })).toBeCloseTo(
			Math.PI * 6371,
			3,
		)
	})
})

describe('formatKm', () => {
	it('shows tenths when close and whole km further away, with thousands grouped', () => {
		expect(formatKm(0)).toBe('0.0 km')
		expect(formatKm(0.04)).toBe('0.0 km')
		expect(formatKm(3.45)).toBe('3.5 km')
		expect(formatKm(9.94)).toBe('9.9 km')
		expect(formatKm(9.96)).toBe('10 km')
		expect(formatKm(29.3)).toBe('29 km')
		expect(formatKm(135.5)).toBe('136 km')
		expect(formatKm(3290.4)).toBe('3,290 km')
		expect(formatKm(12_345.6)).toBe('12,346 km')
	})
})
