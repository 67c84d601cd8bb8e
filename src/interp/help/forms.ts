// The shapes of bash's `help` output, derived from one stored text per topic (the `help NAME`
// text: `NAME: SYNOPSIS` then the description indented by four spaces). Only the default form is
// stored; scripts/gen-builtin-help.mjs checks these derivations against bash for every topic.

/** the flag that picks the form: d wins over m, m over s (bash's precedence) */
export type HelpFlag = 'd' | 'm' | 's' | '';

/** `help [-dms] NAME` output for one topic, given its stored text and the IMPLEMENTATION lines */
export function helpForm(name: string, text: string, flag: HelpFlag, implementation: string): string {
  if (flag === '') return text;
  const lines = text.split('\n');
  const synopsis = lines[0]!.slice(name.length + 2);
  const summary = (lines[1] ?? '').slice(4);
  if (flag === 's') return `${name}: ${synopsis}\n`;
  if (flag === 'd') return `${name} - ${summary}\n`;
  const description = lines.slice(1).join('\n');
  return (
    `NAME\n    ${name} - ${summary}\n\nSYNOPSIS\n    ${synopsis}\n\nDESCRIPTION\n${description}\n` +
    `SEE ALSO\n    bash(1)\n\nIMPLEMENTATION\n${implementation}\n`
  );
}
