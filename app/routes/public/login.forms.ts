import { z } from 'zod'

/** The sign-in form (login.tsx), checked in the browser when sent and again by the action. */
export const LoginSchema = z.object({
	username: z.string({ error: 'Enter your username' }).trim().min(1, 'Enter your username').max(100),
	password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
	rememberMe: z.boolean().default(false),
	redirectTo: z.string().max(2000).optional(),
})
