/**
 * The Jobs forms' intents (index.tsx, edit.tsx, history-jobs.tsx): apart from their rules
 * (jobs.forms.ts), so the pages' first load carries no zod.
 */
export const JOB_INTENTS = {
	save: 'save-job',
	close: 'close-job',
	reopen: 'reopen-job',
	settings: 'job-settings',
	fromHistory: 'add-jobs-from-history',
} as const
