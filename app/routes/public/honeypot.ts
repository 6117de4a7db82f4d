/** The honeypot: invisible to people, filled in by form-filling bots. */
export const HONEYPOT = 'website'
