import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Manifest, type Plugin, type Rolldown } from 'vite'

/*
 * The service worker is built with the app (docs/decisions/066-service-worker-built-with-the-app.md):
 * once the client bundle is written, sw/sw.ts is compiled to one classic script, sw.js beside the
 * bundle, with the stylesheets it keeps taken from the build's own manifest.
 */

const SOURCE = fileURLToPath(new URL('./sw.ts', import.meta.url))
const ROOT_ROUTE = /^app\/root\.tsx(\?|$)/

/**
 * The stylesheets the root route links, as the client build's manifest (.vite/manifest.json)
 * names them: the root's own and those of the chunks it imports, as addresses ('/assets/…css').
 */
export function rootStylesheets(manifest: Manifest, base = '/') {
	const files = new Set<string>()
	const seen = new Set<string>()
	const visit = (key: string) => {
		const chunk = manifest[key]
		if (!chunk || seen.has(key)) return
		seen.add(key)
		for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])])
			if (file.endsWith('.css')) files.add(`${base}${file}`)
		for (const imported of chunk.imports ?? []) visit(imported)
	}
	for (const key of Object.keys(manifest)) if (ROOT_ROUTE.test(key)) visit(key)
	return [...files]
}

/**
 * sw/sw.ts compiled to a minified classic script (a service worker may not be a module in every
 * supported browser), with `styles`, the stylesheets to keep, and a shell version named by them.
 */
export async function compileWorker(styles: string[]) {
	const version = createHash('sha256').update(styles.join('\n')).digest('hex').slice(0, 10)
	const result = await build({
		configFile: false,
		envFile: false,
		logLevel: 'warn',
		publicDir: false,
		root: path.dirname(SOURCE),
		define: {
			__SHELL_STYLES__: JSON.stringify(styles),
			__SHELL_VERSION__: JSON.stringify(version),
		},
		build: {
			write: false,
			target: 'es2022',
			minify: true,
			modulePreload: false,
			rolldownOptions: { input: SOURCE, output: { format: 'iife', entryFileNames: 'sw.js' } },
		},
	})
	const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
	const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')
	if (!chunk) throw new Error('The service worker build produced no script')
	return chunk.code
}

/**
 * The Vite plugin that writes sw.js into the client build's output, after the client bundle,
 * from that bundle's manifest. Nothing in development: the app registers no worker there.
 */
export function serviceWorker(): Plugin {
	return {
		name: 'portal:service-worker',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'client',
		async writeBundle(options, bundle) {
			const asset = bundle['.vite/manifest.json']
			if (asset?.type !== 'asset' || !options.dir)
				throw new Error('The service worker needs the client build’s manifest')
			const manifest = JSON.parse(String(asset.source)) as Manifest
			const styles = rootStylesheets(manifest, this.environment.config.base)
			if (!styles.length) throw new Error('The service worker found no stylesheet to keep')
			await writeFile(path.join(options.dir, 'sw.js'), await compileWorker(styles))
		},
	}
}
