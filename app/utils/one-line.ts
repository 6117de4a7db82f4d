/**
 * A value that goes into an email header (a subject, a name) is one line: a line break there
 * would let the sender add headers of their own (`Bcc: …`). Browsers' one-line fields cannot
 * hold one; a hand-made post can, and is refused with this message beside the field.
 */
export const ONE_LINE = /^[^\r\n]*$/
export const ONE_LINE_MESSAGE = 'Enter this on one line'
