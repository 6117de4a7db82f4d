import { describe, expect, test } from 'vitest'
import { type Configuration } from '../config/config.ts'
import { presenterMediaUrl } from './media.ts'

const config = (endpointUrl: string) => ({ endpointUrl }) as Configuration

describe('presenter media', () => {
	test('the embedded sandbox: paths on this server, over loopback', () => {
		const url = presenterMediaUrl('/presenter/media/missing/X.png', config('/presenter'), {
			PORT: '3000',
		})
		expect(url?.href).toBe('http://127.0.0.1:3000/presenter/media/missing/X.png')
	})
	test('the embedded sandbox: its media folder only, never a portal page such as /media itself', () => {
		const embedded = config('/presenter')
		const env = { PORT: '3000' }
		const nested = '/media?src=' + encodeURIComponent('/media?src=/presenter/media/menu/A.svg')
		for (const src of [
			nested,
			'/media?src=/presenter/media/menu/A.svg',
			'/MEDIA?src=x',
			'/presenter/../media?src=x',
			'/presenter/media/../../media?src=x',
			'/presenter/login',
			'/login',
			'http://127.0.0.1:3000/media?src=x',
		]) {
			expect(presenterMediaUrl(src, embedded, env), src).toBeNull()
		}
		expect(presenterMediaUrl('/presenter/media/menu/A.svg', embedded, env)?.pathname).toBe(
			'/presenter/media/menu/A.svg',
		)
	})
	test('a presenter host: its own pictures only', () => {
		const remote = config('https://erp.example.com/presenter')
		expect(presenterMediaUrl('https://erp.example.com/media/a.png', remote)?.href).toBe(
			'https://erp.example.com/media/a.png',
		)
		expect(presenterMediaUrl('/media/a.png', remote)?.href).toBe(
			'https://erp.example.com/media/a.png',
		)
		expect(presenterMediaUrl('https://evil.example.net/a.png', remote)).toBeNull()
		expect(presenterMediaUrl('//evil.example.net/a.png', remote)).toBeNull()
		expect(presenterMediaUrl('file:///etc/passwd', remote)).toBeNull()
	})
})
