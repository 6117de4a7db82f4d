/** The approvals page's intents (index.tsx); withdraw is posted from the requester's Orders tab. */
export const APPROVAL_INTENTS = {
	approve: 'approve',
	decline: 'decline',
	withdraw: 'withdraw',
	/** A declined or withdrawn order's lines, back into the requester's cart. */
	putBack: 'put-back',
} as const
