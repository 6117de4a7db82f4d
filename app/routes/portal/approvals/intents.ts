/** The approvals page's intents (index.tsx); withdraw is posted from the requester's Orders tab. */
export const APPROVAL_INTENTS = {
	approve: 'approve',
	decline: 'decline',
	withdraw: 'withdraw',
} as const
