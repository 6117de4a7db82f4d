import { type Db } from './db.ts'

export type Email = {
	to: string
	cc?: string
	bcc?: string
	/** Always the supplier's own address: a customer's or visitor's goes in replyTo. */
	from: string
	replyTo?: string
	subject: string
	body: string
	attachments?: Array<{ filename: string; contentType: string; content: Buffer }>
}

/**
 * A header's value on one line: a line break in a subject or a name would start a header of the
 * sender's own (`Bcc: …`). The presenter's contract refuses them; the mailer keeps to it anyway.
 */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ')

/** Queues an email in the outbox (the sandbox sends nothing; GET /__sandbox/outbox shows it). */
export function queueEmail(db: Db, now: Date, email: Email) {
	const attachments = (email.attachments ?? []).map((a) => ({
		filename: a.filename,
		contentType: a.contentType,
		size: a.content.length,
		content: a.content.toString('base64'),
	}))
	db.prepare(
		`INSERT INTO outbox (sent_at, to_address, cc, bcc, from_address, reply_to, subject, body, attachments)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	).run(
		now.toISOString(),
		oneLine(email.to),
		oneLine(email.cc ?? ''),
		oneLine(email.bcc ?? ''),
		oneLine(email.from),
		oneLine(email.replyTo ?? ''),
		oneLine(email.subject),
		email.body,
		JSON.stringify(attachments),
	)
}
