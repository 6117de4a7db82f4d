import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

// Small cost: demo data is hashed at every reset; still a real salted KDF.
const COST = { N: 1024, r: 8, p: 1 }

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')) {
	const hash = scryptSync(password, salt, 32, COST).toString('hex')
	return `scrypt$${salt}$${hash}`
}

export function verifyPassword(password: string, stored: string) {
	const [scheme, salt, hash] = stored.split('$')
	if (scheme !== 'scrypt' || !salt || !hash) return false
	const candidate = scryptSync(password, salt, 32, COST)
	return timingSafeEqual(candidate, Buffer.from(hash, 'hex'))
}
