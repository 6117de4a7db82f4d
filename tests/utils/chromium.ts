/**
 * Debian's chromium and the flags it is started with everywhere (browser tests, screenshots,
 * Lighthouse): ARCHITECTURE.md §6. Without the background-networking flags chromium keeps trying
 * hosts a closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]
