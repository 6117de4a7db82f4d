import { type Db } from './db.ts'

export type Email = {
	to: string
	cc?: string
	bcc?: string
	from: string
	subject: string
	body: string
	attachments?: Array<{ filename: string; contentType: string; content: Buffer }>
}

/** Queues an email in the outbox (the sandbox sends nothing; GET /__sandbox/outbox shows it). */
export function queueEmail(db: Db, now: Date, email: Email) {
	const attachments = (email.attachments ?? []).map((a) => ({
		filename: a.filename,
		contentType: a.contentType,
		size: a.content.length,
		content: a.content.toString('base64'),
	}))
	db.prepare(
		`INSERT INTO outbox (sent_at, to_address, cc, bcc, from_address, subject, body, attachments)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
	).run(
		now.toISOString(),
		email.to,
		email.cc ?? '',
		email.bcc ?? '',
		email.from,
		email.subject,
		email.body,
		JSON.stringify(attachments),
	)
}
