/**
 * The hidden field every mutating form carries (`<SubmissionKey />`, app/components/forms.tsx):
 * the server answers a repeat of its post with the first answer (app/.server/request/submissions.ts).
 */
export const SUBMISSION_FIELD = 'submissionKey'
