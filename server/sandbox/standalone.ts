/**
 * The sandbox presenter on its own port, for pointing a portal (or anything else) at it:
 * `npm run sandbox` then PRESENTER_URL=http://localhost:4000/presenter npm start.
 */
import { createServer } from 'node:http'
import express from 'express'
import { controlAccess, createSandbox } from './index.ts'

const port = Number(process.env.SANDBOX_PORT ?? 4000)
const sandbox = createSandbox({ dbFile: process.env.SANDBOX_DB ?? '.data/sandbox.sqlite' })
const app = express()
app.use('/presenter', sandbox.presenter)
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback')
app.use('/__sandbox', controlAccess(), sandbox.control)
// SANDBOX_HOST=127.0.0.1 keeps it to this machine (npm run cluster does); unset, every address.
const server = createServer(app).listen({ port, host: process.env.SANDBOX_HOST }, () =>
	console.log(`Sandbox presenter on http://localhost:${port}/presenter`),
)
process.on('SIGTERM', () => server.close(() => sandbox.close()))
process.on('SIGINT', () => server.close(() => sandbox.close()))
