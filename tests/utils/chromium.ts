/**
 * Debian's chromium and the flags it is started with everywhere (browser tests, screenshots,
 * Lighthouse). Without the background-networking flags chromium keeps trying
 * hosts a closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser tests drive Debian's `chromium-headless-shell`: the same build of chromium without
 * the desktop browser around it, which took a fifth less CPU per test (docs/decisions/051).
 * Lighthouse and the back-forward cache test (the shell keeps no such cache) use the whole browser.
 */
export const TEST_CHROMIUM_PATH =
	process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

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
