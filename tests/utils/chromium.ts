import { existsSync } from 'node:fs'

/**
 * Debian's chromium and the flags it is started with everywhere (browser tests, screenshots,
 * Lighthouse): ARCHITECTURE.md §6. Without the background-networking flags chromium keeps trying
 * hosts a closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser tests' chromium: Debian's headless shell (package chromium-headless-shell, the same
 * build without the desktop browser around it) when installed. Measured on the e2e files, it
 * spends well under half the CPU of the full browser's headless mode, most of that in the browser
 * process on every navigation; the suite is CPU-bound on two cores.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const TEST_CHROMIUM_PATH =
	process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

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
