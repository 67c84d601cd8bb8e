// diff's command line (GNU diffutils 3.8 src/diff.c): the long options in GNU's table order (the
// ambiguity message lists them so), the checks its getopt loop makes as it goes (conflicting
// output styles, width, tabsize, labels), and what main() derives after the loop.

import { flag, reject, type CommandLine, type OccurrenceOf } from '../internal/command.js';
import type { Style } from './format.js';
import { WS } from './analyze.js';

const CONTEXT_MAX = Number.MAX_SAFE_INTEGER;

function contextLength(text: string): number | ReturnType<typeof reject> {
  if (!/^\s*[-+]?[0-9]+$/.test(text)) return reject(`invalid context length '${text}'`, { usage: true });
  const n = Number(text);
  if (n < 0) return reject(`invalid context length '${text}'`, { usage: true });
  return Math.min(n, CONTEXT_MAX);
}

function positive(what: string): (text: string) => number | ReturnType<typeof reject> {
  return (text) => {
    if (!/^\s*[-+]?[0-9]+$/.test(text) || Number(text) <= 0) return reject(`invalid ${what} '${text}'`, { usage: true });
    return Number(text);
  };
}

function horizon(text: string): number | ReturnType<typeof reject> {
  if (!/^\s*[-+]?[0-9]+$/.test(text) || Number(text) < 0) return reject(`invalid horizon length '${text}'`, { usage: true });
  return Number(text);
}

export const FLAGS = {
  binary: flag.boolean('--binary'),
  brief: flag.boolean('-q --brief'),
  contextDefault: flag.boolean('-c'),
  unifiedDefault: flag.boolean('-u'),
  changedGroupFormat: flag.string('--changed-group-format'),
  color: flag.optional('--color'),
  context: flag.value('--context', contextLength, { bare: 3 }),
  ed: flag.boolean('-e --ed'),
  exclude: flag.list('-x --exclude'),
  excludeFrom: flag.list('-X --exclude-from'),
  expandTabs: flag.boolean('-t --expand-tabs'),
  forwardEd: flag.boolean('-f --forward-ed'),
  fromFile: flag.string('--from-file'),
  help: flag.help(),
  horizonLines: flag.value('--horizon-lines', horizon),
  ifdef: flag.string('-D --ifdef'),
  ignoreAllSpace: flag.boolean('-w --ignore-all-space'),
  ignoreBlankLines: flag.boolean('-B --ignore-blank-lines'),
  ignoreCase: flag.boolean('-i --ignore-case'),
  ignoreFileNameCase: flag.boolean('--ignore-file-name-case'),
  ignoreMatchingLines: flag.list('-I --ignore-matching-lines'),
  ignoreSpaceChange: flag.boolean('-b --ignore-space-change'),
  ignoreTabExpansion: flag.boolean('-E --ignore-tab-expansion'),
  ignoreTrailingSpace: flag.boolean('-Z --ignore-trailing-space'),
  inhibitHunkMerge: flag.boolean('--inhibit-hunk-merge'),
  initialTab: flag.boolean('-T --initial-tab'),
  label: flag.list('-L --label'),
  leftColumn: flag.boolean('--left-column'),
  lineFormat: flag.string('--line-format'),
  minimal: flag.boolean('-d --minimal'),
  newFile: flag.boolean('-N --new-file'),
  newGroupFormat: flag.string('--new-group-format'),
  newLineFormat: flag.string('--new-line-format'),
  noDereference: flag.boolean('--no-dereference'),
  noIgnoreFileNameCase: flag.boolean('--no-ignore-file-name-case'),
  normal: flag.boolean('--normal'),
  oldGroupFormat: flag.string('--old-group-format'),
  oldLineFormat: flag.string('--old-line-format'),
  paginate: flag.boolean('-l --paginate'),
  palette: flag.string('--palette'),
  rcs: flag.boolean('-n --rcs'),
  recursive: flag.boolean('-r --recursive'),
  reportIdenticalFiles: flag.boolean('-s --report-identical-files'),
  sdiffMergeAssist: flag.boolean('--sdiff-merge-assist'),
  showCFunction: flag.boolean('-p --show-c-function'),
  showFunctionLine: flag.list('-F --show-function-line'),
  sideBySide: flag.boolean('-y --side-by-side'),
  speedLargeFiles: flag.boolean('-H --speed-large-files'),
  startingFile: flag.string('-S --starting-file'),
  stripTrailingCr: flag.boolean('--strip-trailing-cr'),
  suppressBlankEmpty: flag.boolean('--suppress-blank-empty'),
  suppressCommonLines: flag.boolean('--suppress-common-lines'),
  tabsize: flag.value('--tabsize', positive('tabsize')),
  text: flag.boolean('-a --text'),
  toFile: flag.string('--to-file'),
  unchangedGroupFormat: flag.string('--unchanged-group-format'),
  unchangedLineFormat: flag.string('--unchanged-line-format'),
  unidirectionalNewFile: flag.boolean('-P --unidirectional-new-file'),
  unified: flag.value('--unified', contextLength, { bare: 3 }),
  version: flag.version('-v --version'),
  width: flag.value('-W --width', positive('width')),
  presumeOutputTty: flag.boolean('---presume-output-tty'),
  // -NUM (obsolete context length), -h (no effect)
  digits: flag.digits(),
  splitHint: flag.boolean('-h'),
  // short -C/-U require their argument (shortopts "C:" "U:"); the long forms take it only attached
  contextShort: flag.value('-C', contextLength),
  unifiedShort: flag.value('-U', contextLength),
};

export type DiffLine = CommandLine<typeof FLAGS>;
type Occurrence = OccurrenceOf<typeof FLAGS>;

export interface Settings {
  style: Style;
  context: number;
  horizon: number;
  whiteSpace: number;
  labels: string[];
  width: number;
  tabSize: number;
  colors: 'never' | 'always' | 'auto';
  functionPatterns: string[];
  fromFile: string | undefined;
  toFile: string | undefined;
  startingFile: string | undefined;
}

/** a getopt-time failure: GNU's message, with the Try line (try_help) or without (fatal) */
export interface OptionError {
  message: string;
  tryHelp: boolean;
}

/** the options GNU's loop reads as it goes, and main()'s derivations after it */
export function settingsOf(order: readonly Occurrence[]): Settings | OptionError {
  let style = null as Style | null;
  let context = 0;
  let explicitContext = false;
  let ocontext = -1;
  let prevDigits = false;
  let whiteSpace: number = WS.none;
  let horizon = 0;
  const labels: string[] = [];
  let width = 0;
  let tabSize = 0;
  let colors: Settings['colors'] = 'never';
  let showC = false;
  const functionPatterns: string[] = [];
  const values = new Map<string, string>();
  const specify = (s: Style): OptionError | undefined => {
    if (style !== s) {
      if (style !== null) return { message: 'conflicting output style options', tryHelp: true };
      style = s;
    }
    return undefined;
  };
  const value = (key: string, v: string, option: string): OptionError | undefined => {
    const old = values.get(key);
    if (old !== undefined && old !== v) return { message: `conflicting ${option} option value '${v}'`, tryHelp: true };
    values.set(key, v);
    return undefined;
  };
  for (const o of order) {
    let e: OptionError | undefined;
    const wasDigits = prevDigits;
    prevDigits = false;
    switch (o.name) {
      case 'digits':
        for (let k = 0; k < o.value.length; k++) {
          const d = o.value.charCodeAt(k) - 48;
          ocontext = !(k > 0 || wasDigits) ? d : Math.min(ocontext * 10 + d, CONTEXT_MAX);
        }
        prevDigits = true;
        break;
      case 'contextDefault':
      case 'unifiedDefault':
        e = specify(o.name === 'unifiedDefault' ? 'unified' : 'context');
        if (context < 3) context = 3;
        break;
      case 'horizonLines':
        horizon = Math.max(horizon, o.value);
        break;
      case 'ignoreSpaceChange':
        if (whiteSpace < WS.spaceChange) whiteSpace = WS.spaceChange;
        break;
      case 'ignoreTrailingSpace':
        if (whiteSpace < WS.spaceChange) whiteSpace |= WS.trailing;
        break;
      case 'ignoreTabExpansion':
        if (whiteSpace < WS.spaceChange) whiteSpace |= WS.tab;
        break;
      case 'ignoreAllSpace':
        whiteSpace = WS.all;
        break;
      case 'context':
      case 'unified':
      case 'contextShort':
      case 'unifiedShort':
        e = specify(o.name === 'unified' || o.name === 'unifiedShort' ? 'unified' : 'context');
        if (context < o.value) context = o.value;
        explicitContext = true;
        break;
      case 'ed':
        e = specify('ed');
        break;
      case 'forwardEd':
        e = specify('forward-ed');
        break;
      case 'rcs':
        e = specify('rcs');
        break;
      case 'normal':
        e = specify('normal');
        break;
      case 'sideBySide':
      case 'sdiffMergeAssist':
        e = specify('sdiff');
        break;
      case 'showCFunction':
        showC = true;
        functionPatterns.push('^[[:alpha:]$_]');
        break;
      case 'showFunctionLine':
        functionPatterns.push(o.value);
        break;
      case 'label':
        if (labels.length >= 2) return { message: 'too many file label options', tryHelp: false };
        labels.push(o.value);
        break;
      case 'width':
        if (width !== o.value) {
          if (width) return { message: 'conflicting width options', tryHelp: false };
          width = o.value;
        }
        break;
      case 'tabsize':
        if (tabSize !== o.value) {
          if (tabSize) return { message: 'conflicting tabsize options', tryHelp: false };
          tabSize = o.value;
        }
        break;
      case 'color': {
        const v = o.value;
        if (v === undefined || v === 'auto') colors = 'auto';
        else if (v === 'always') colors = 'always';
        else if (v === 'never') colors = 'never';
        else return { message: `invalid color '${v ?? ''}'`, tryHelp: true };
        break;
      }
      case 'fromFile':
        e = value('from', o.value, '--from-file');
        break;
      case 'toFile':
        e = value('to', o.value, '--to-file');
        break;
      case 'startingFile':
        e = value('start', o.value, '-S');
        break;
      default:
        break;
    }
    if (e) return e;
  }
  if (style === null) {
    if (showC) {
      style = 'context';
      if (ocontext < 0) context = 3;
    } else style = 'normal';
  }
  if (ocontext >= 0 && (style === 'context' || style === 'unified') && (context < ocontext || (ocontext < context && !explicitContext))) context = ocontext;
  if (!tabSize) tabSize = 8;
  if (!width) width = 130;
  return {
    style, context, horizon: Math.max(horizon, context), whiteSpace, labels, width, tabSize, colors, functionPatterns,
    fromFile: values.get('from'), toFile: values.get('to'), startingFile: values.get('start'),
  };
}
