import { type TestProject } from 'vitest/node'
import { startPostgres } from '#scripts/postgres.ts'

/**
 * Vitest global setup of the store tests: one throwaway PostgreSQL cluster for the run, its URL
 * given to the tests (`inject('postgresUrl')`), stopped and removed at the end. Its role may create
 * databases: each test file makes its own.
 */
export default async function setup(project: TestProject) {
	const postgres = await startPostgres({ createDatabases: true })
	project.provide('postgresUrl', postgres.url)
	return () => postgres.stop()
}

declare module 'vitest' {
	export interface ProvidedContext {
		postgresUrl: string
	}
}
