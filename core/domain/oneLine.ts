/**
 * What one line of text a user gives (a name, a reason, an identifier) may not hold: C0 controls and
 * DEL, C1 controls (U+0080 to U+009F: U+009B is a terminal's CSI, U+0085 a line break) and the line
 * and paragraph separators U+2028 and U+2029. Each breaks or steers a line wherever it is printed:
 * a terminal the CLI writes to, a log, an alert's subject.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const breaksALine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The characters above, as a JSON Schema (ECMAScript) class body: `[^${...}]`. */
export const lineBreakingClass = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
