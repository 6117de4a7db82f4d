import { crc32, deflateSync } from 'node:zlib'

/** An RGB raster: 3 bytes per pixel, rows top to bottom. */
export type Raster = { width: number; height: number; rgb: Uint8Array }
export type Rgb = [r: number, g: number, b: number]

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer) {
	const head = Buffer.alloc(8)
	head.writeUInt32BE(data.length, 0)
	head.write(type, 4, 'latin1')
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0)
	return Buffer.concat([head, data, crc])
}

/** Encodes an RGB raster as a PNG (8-bit truecolour, no filtering, zlib-deflated). */
export function encodePng({ width, height, rgb }: Raster): Buffer {
	const ihdr = Buffer.alloc(13)
	ihdr.writeUInt32BE(width, 0)
	ihdr.writeUInt32BE(height, 4)
	ihdr[8] = 8 // bit depth
	ihdr[9] = 2 // colour type: truecolour
	// compression, filter and interlace methods stay 0
	const stride = width * 3
	const raw = Buffer.alloc((stride + 1) * height)
	for (let y = 0; y < height; y++) {
		// Each row starts with its filter type byte (0: none).
		raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
	}
	return Buffer.concat([
		PNG_SIGNATURE,
		chunk('IHDR', ihdr),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	])
}

/**
 * Encodes a two-colour image as a GIF89a. The LZW stream uses 8-bit codes and a clear code every
 * 100 pixels, so the code size never grows: simple, valid, not compact.
 */
export function encodeGif(
	width: number,
	height: number,
	palette: [Rgb, Rgb],
	pixel: (x: number, y: number) => 0 | 1,
) {
	const header = Buffer.alloc(13)
	header.write('GIF89a', 0, 'latin1')
	header.writeUInt16LE(width, 6)
	header.writeUInt16LE(height, 8)
	header[10] = 0x80 | 0x70 | 0x06 // global colour table, 8-bit colour resolution, 128 entries
	const table = Buffer.alloc(128 * 3)
	palette.forEach((c, i) => table.set(c, i * 3))
	const descriptor = Buffer.alloc(10)
	descriptor[0] = 0x2c
	descriptor.writeUInt16LE(width, 5)
	descriptor.writeUInt16LE(height, 7)
	const CLEAR = 128
	const END = 129
	const codes: number[] = []
	let run = 0
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			if (run === 0) codes.push(CLEAR)
			codes.push(pixel(x, y))
			run = (run + 1) % 100
		}
	}
	codes.push(END)
	const data = Buffer.from(codes)
	const blocks: Buffer[] = [Buffer.from([7])] // LZW minimum code size
	for (let i = 0; i < data.length; i += 255) {
		const part = data.subarray(i, i + 255)
		blocks.push(Buffer.from([part.length]), part)
	}
	blocks.push(Buffer.from([0]))
	return Buffer.concat([header, table, descriptor, ...blocks, Buffer.from([0x3b])])
}

/** HSL (degrees, 0–1, 0–1) to RGB bytes. */
export function hsl(h: number, s: number, l: number): Rgb {
	const k = (n: number) => (n + h / 30) % 12
	const a = s * Math.min(l, 1 - l)
	const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
	return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

/** A 32-bit FNV-1a hash: stable colours and shapes from a SKU. */
export function hashText(text: string) {
	let h = 0x811c9dc5
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

/**
 * A product picture: a tinted backdrop, a floor and a shape that varies with the gallery position
 * (stacked boards, a box, a drum, a cone), all coloured from the SKU. No text.
 */
export function productPicture(sku: string, n: number, width = 480, height = 360): Raster {
	const h = hashText(sku)
	const hue = h % 360
	const back = hsl(hue, 0.35, 0.93)
	const floor = hsl(hue, 0.2, 0.82)
	const body = hsl(hue, 0.55, 0.42)
	const accent = hsl((hue + 40) % 360, 0.6, 0.58)
	const shade = hsl(hue, 0.5, 0.3)
	const rgb = new Uint8Array(width * height * 3)
	const cx = width / 2
	const floorY = Math.round(height * 0.78)
	const kind = (n - 1 + (h >>> 9)) % 4
	const stripes = 3 + ((h >>> 13) % 4)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			let c = y >= floorY ? floor : back
			const dx = x - cx
			if (kind === 0) {
				// Stacked boards
				const top = floorY - stripes * 28
				if (y >= top && y < floorY && Math.abs(dx) < width * 0.36) {
					const row = Math.floor((y - top) / 28)
					c = (y - top) % 28 < 3 ? shade : row % 2 ? body : accent
				}
			} else if (kind === 1) {
				// A box with a lid band
				if (Math.abs(dx) < width * 0.22 && y > floorY - height * 0.5 && y < floorY)
					c = y < floorY - height * 0.42 ? accent : body
			} else if (kind === 2) {
				// A drum seen from the side, with hoops
				const r = height * 0.3
				const cy = floorY - r
				if (dx * dx + (y - cy) * (y - cy) < r * r)
					c = Math.floor((y - (cy - r)) / ((2 * r) / stripes)) % 2 ? body : accent
			} else {
				// A cone
				const tip = floorY - height * 0.55
				const half = ((y - tip) / (floorY - tip)) * width * 0.2
				if (y >= tip && y < floorY && Math.abs(dx) <= half)
					c = Math.floor((y - tip) / 24) % 2 ? body : accent
			}
			const i = (y * width + x) * 3
			rgb[i] = c[0]
			rgb[i + 1] = c[1]
			rgb[i + 2] = c[2]
		}
	}
	return { width, height, rgb }
}
