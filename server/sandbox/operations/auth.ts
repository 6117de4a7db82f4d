import { randomUUID } from 'node:crypto'
import * as contract from '#app/.server/presenter/contract/auth.ts'
import { implement, implementPublic } from '../implement.ts'
import { verifyPassword } from '../passwords.ts'

type UserRow = {
	id_user: number
	password_hash: string
	active: number
	awaiting_approval: number
	company_id: string
}

/** Told only with the right password: a registration the supplier has not switched on yet. */
export const AWAITING_APPROVAL =
	'Your registration is waiting for approval. You can sign in once it has been approved.'

export const auth = [
	implementPublic(contract.login, ({ userid, password, domain }, { db, now }) => {
		const user = db
			.prepare(
				`SELECT u.id_user, u.password_hash, u.active, u.awaiting_approval, c.company_id FROM users u
				 JOIN customers c USING (id_cust) WHERE u.username = ?`,
			)
			.get(userid.trim()) as UserRow | undefined
		if (!user || user.company_id !== domain || !verifyPassword(password, user.password_hash)) {
			return { sessionID: '', msg: 'Invalid username or password' }
		}
		if (!user.active)
			return {
				sessionID: '',
				msg: user.awaiting_approval ? AWAITING_APPROVAL : 'This user account has been disabled',
			}
		const sessionID = randomUUID()
		const at = now.toISOString()
		db.prepare('INSERT INTO sessions VALUES (?, ?, ?, ?)').run(sessionID, user.id_user, at, at)
		db.prepare(
			'UPDATE users SET last_login_at = current_login_at, current_login_at = ? WHERE id_user = ?',
		).run(at, user.id_user)
		return { sessionID, msg: '' }
	}),
	implement(contract.logout, (_payload, { db, user }) => {
		db.prepare('DELETE FROM sessions WHERE session_id = ?').run(user.session_id)
		return { msg: 'Logged out' }
	}),
	implement(contract.getState, (_payload, { db }) => ({
		dataset: {
			stateList: db
				.prepare('SELECT stateID, stateName FROM states ORDER BY stateID')
				.all() as Array<{
				stateID: string
				stateName: string
			}>,
		},
	})),
]
