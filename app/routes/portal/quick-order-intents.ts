/** The intents of the quick order's forms (see quick-order.server.ts). */
export const QUICK_ORDER_INTENTS = { check: 'check', upload: 'upload', add: 'add' } as const
