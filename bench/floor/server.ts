/**
 * The floor's server: the bare app served the way server/index.ts serves the portal (production
 * build, Express, compression, hashed assets cached for a year), nothing else. BENCH_APP=ceiling
 * serves the ceiling app (bench/ceiling/) the same way.
 * PORT (4001); run `npm run bench:floor` first.
 */
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { type ServerBuild } from 'react-router'
import { COMPRESSION } from '#server/compression.ts'

const appDir = process.env.BENCH_APP === 'ceiling' ? '../ceiling/' : './'
const root = new URL(`${appDir}build/`, import.meta.url).pathname
const app = express()
app.disable('x-powered-by')
app.use(compression(COMPRESSION))
app.use('/assets', express.static(`${root}client/assets`, { immutable: true, maxAge: '1y' }))
app.use(express.static(`${root}client`, { maxAge: '1h' }))
const build = (await import(`${root}server/index.js`)) as ServerBuild
app.all('/{*path}', createRequestHandler({ build, mode: 'production' }))
app.listen(Number(process.env.PORT ?? 4001), '127.0.0.1')
