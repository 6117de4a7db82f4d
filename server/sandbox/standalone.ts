/**
 * The sandbox presenter on its own port, for pointing a portal (or anything else) at it:
 * `npm run sandbox` then PRESENTER_URL=http://localhost:4000/presenter npm start.
 */
import express from 'express'
import { controlAccess, createSandbox } from './index.ts'

const port = Number(process.env.SANDBOX_PORT ?? 4000)
const sandbox = createSandbox({ dbFile: process.env.SANDBOX_DB ?? '.data/sandbox.sqlite' })
const app = express()
app.use('/presenter', sandbox.presenter)
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback')
app.use('/__sandbox', controlAccess(), sandbox.control)
const server = app.listen(port, () =>
	console.log(`Sandbox presenter on http://localhost:${port}/presenter`),
)
process.on('SIGTERM', () => server.close(() => sandbox.close()))
process.on('SIGINT', () => server.close(() => sandbox.close()))
