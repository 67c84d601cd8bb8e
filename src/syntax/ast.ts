// The AST: mvdan/sh's (v3) node set and field names, bash variant.
//
// Every node carries a `type` discriminator (the Go type name) so the interpreter can switch on it
// once at compile time. Positions are offsets into the source JS string (UTF-16 code units);
// `Pos`/`End` give the node's span. Line/column for messages come from `lineCol()` in pos.ts.
// Operators are the literal strings ("&&", ">>", "<<-"), never numbers.

export type Pos = number;

export interface Node {
  Pos: Pos;
  End: Pos;
}

export interface Comment extends Node {
  type: 'Comment';
  Text: string; // without the leading '#'
}

export interface File extends Node {
  type: 'File';
  Name: string;
  Stmts: Stmt[];
  Last: Comment[];
  /** Offsets at which each line starts (additive: used by lineOf() in index.ts). */
  Lines: number[];
}

export interface Stmt extends Node {
  type: 'Stmt';
  Comments: Comment[];
  Cmd: Command | null; // null for a statement of redirections only (`> f`)
  Position: Pos;
  Semicolon: Pos; // -1 when absent
  Negated: boolean;
  Background: boolean;
  Coprocess: boolean;
  Redirs: Redirect[];
}

export type Command =
  | CallExpr
  | IfClause
  | WhileClause
  | ForClause
  | CaseClause
  | Block
  | Subshell
  | BinaryCmd
  | FuncDecl
  | ArithmCmd
  | TestClause
  | DeclClause
  | LetClause
  | TimeClause
  | CoprocClause;

export type RedirOperator =
  | '>' | '>>' | '<' | '<>' | '>&' | '<&' | '<<-' | '<<' | '<<<' | '&>' | '&>>' | '>|';

export interface Redirect extends Node {
  type: 'Redirect';
  OpPos: Pos;
  Op: RedirOperator;
  N: Lit | null; // the fd number before the operator (`2>`), or null
  Word: Word; // the target; for here-docs, the delimiter word
  Hdoc: Word | null; // here-doc body (quoted delimiter → a single Lit part, no expansion)
  /**
   * Not in mvdan/sh; set only by the bashCompat pass with `heredocsToEOF`: a warning bash prints
   * while parsing, to show when the redirection is performed. Today only a here-doc whose
   * delimiter line never comes (its body runs to the end of the script):
   * `warning: here-document at line 1 delimited by end-of-file (wanted `EOF')`.
   */
  Warning?: string;
}

export interface CallExpr extends Node {
  type: 'CallExpr';
  Assigns: Assign[];
  Args: Word[];
}

export interface Assign extends Node {
  type: 'Assign';
  Append: boolean; // +=
  Naked: boolean; // no '=' (declare's `foo`, `-a` flags are naked Values)
  Name: Lit | null;
  Index: ArithmExpr | null; // a[i]=
  Value: Word | null;
  Array: ArrayExpr | null; // a=(...)
}

export interface ArrayExpr extends Node {
  type: 'ArrayExpr';
  Lparen: Pos;
  Rparen: Pos;
  Elems: ArrayElem[];
  Last: Comment[];
}

export interface ArrayElem extends Node {
  type: 'ArrayElem';
  Index: ArithmExpr | null; // [i]=v; for associative arrays the index is a Word
  Value: Word | null;
  Comments: Comment[];
  /** `[i]+=v` (bash appends to the element). Not in mvdan/sh; set only when true. */
  Append?: boolean;
}

export interface Subshell extends Node {
  type: 'Subshell';
  Lparen: Pos;
  Rparen: Pos;
  Stmts: Stmt[];
  Last: Comment[];
}

export interface Block extends Node {
  type: 'Block';
  Lbrace: Pos;
  Rbrace: Pos;
  Stmts: Stmt[];
  Last: Comment[];
}

/** `if`/`elif`/`else`. An `else` branch is an IfClause with empty Cond; `elif` is a nested one. */
export interface IfClause extends Node {
  type: 'IfClause';
  Position: Pos; // of `if`, `elif` or `else`
  ThenPos: Pos;
  FiPos: Pos;
  Cond: Stmt[];
  CondLast: Comment[];
  Then: Stmt[];
  ThenLast: Comment[];
  Else: IfClause | null;
  Last: Comment[];
}

export interface WhileClause extends Node {
  type: 'WhileClause';
  WhilePos: Pos;
  DoPos: Pos;
  DonePos: Pos;
  Until: boolean;
  Cond: Stmt[];
  CondLast: Comment[];
  Do: Stmt[];
  DoLast: Comment[];
}

export interface ForClause extends Node {
  type: 'ForClause';
  ForPos: Pos;
  DoPos: Pos;
  DonePos: Pos;
  Select: boolean;
  Braces: boolean; // for i in x; { ...; }
  Loop: WordIter | CStyleLoop;
  Do: Stmt[];
  DoLast: Comment[];
}

export interface WordIter extends Node {
  type: 'WordIter';
  Name: Lit;
  InPos: Pos; // -1 when there is no `in` (iterate over "$@")
  Items: Word[];
}

export interface CStyleLoop extends Node {
  type: 'CStyleLoop';
  Lparen: Pos;
  Rparen: Pos;
  Init: ArithmExpr | null;
  Cond: ArithmExpr | null;
  Post: ArithmExpr | null;
}

export type BinCmdOperator = '&&' | '||' | '|' | '|&';

export interface BinaryCmd extends Node {
  type: 'BinaryCmd';
  OpPos: Pos;
  Op: BinCmdOperator;
  X: Stmt;
  Y: Stmt;
}

export interface FuncDecl extends Node {
  type: 'FuncDecl';
  Position: Pos;
  RsrvWord: boolean; // `function f`
  Parens: boolean; // `f()`
  Name: Lit;
  Body: Stmt;
}

export interface ArithmCmd extends Node {
  type: 'ArithmCmd';
  Left: Pos;
  Right: Pos;
  Unsigned: boolean;
  X: ArithmExpr;
}

export interface TestClause extends Node {
  type: 'TestClause';
  Left: Pos;
  Right: Pos;
  X: TestExpr;
}

/** declare, local, export, readonly, typeset, nameref. Flags are naked Assigns whose Value is the flag word. */
export interface DeclClause extends Node {
  type: 'DeclClause';
  Variant: Lit;
  Args: Assign[];
}

export interface LetClause extends Node {
  type: 'LetClause';
  Let: Pos;
  Exprs: ArithmExpr[];
}

export interface TimeClause extends Node {
  type: 'TimeClause';
  Time: Pos;
  PosixFormat: boolean; // time -p
  Stmt: Stmt | null;
}

export interface CoprocClause extends Node {
  type: 'CoprocClause';
  Coproc: Pos;
  Name: Word | null;
  Stmt: Stmt;
}

export type CaseOperator = ';;' | ';&' | ';;&';

export interface CaseClause extends Node {
  type: 'CaseClause';
  Case: Pos;
  In: Pos;
  Esac: Pos;
  Word: Word;
  Items: CaseItem[];
  Last: Comment[];
}

export interface CaseItem extends Node {
  type: 'CaseItem';
  Op: CaseOperator;
  OpPos: Pos; // -1 when the last item has no terminator
  Comments: Comment[];
  Patterns: Word[];
  Stmts: Stmt[];
  Last: Comment[];
}

// ---------------------------------------------------------------- words

export interface Word extends Node {
  type: 'Word';
  Parts: WordPart[];
  /**
   * Not in mvdan/sh; set (true) only by the bashCompat pass, on a Word standing for arithmetic
   * text that does not parse, which bash reports only when it evaluates it: the X of `$((5 +))`,
   * `$[1 +]` or `(( ))`, a subscript such as `m[a.b-c]`, `${m[two words]}` or `a[]`. Parts hold the
   * text as written from its first non-blank character to the closing bracket (blanks kept,
   * quotes and expansions as parts). The interpreter expands it and evaluates the result with its
   * run-time arithmetic parser (bash's error messages); an associative array takes the expanded
   * text as its key. An empty `a[]` subscript is bash's `bad array subscript`.
   */
  Unparsed?: true;
}

export type WordPart =
  | Lit
  | SglQuoted
  | DblQuoted
  | ParamExp
  | CmdSubst
  | ArithmExp
  | ProcSubst
  | ExtGlob
  | BraceExp;

/** Unquoted literal text, escapes kept as written (`\$` stays two chars); the expander unescapes. */
export interface Lit extends Node {
  type: 'Lit';
  ValuePos: Pos;
  ValueEnd: Pos;
  Value: string;
}

/** '…' or $'…' (Dollar: escapes kept undecoded in Value, as mvdan/sh does). */
export interface SglQuoted extends Node {
  type: 'SglQuoted';
  Left: Pos;
  Right: Pos;
  Dollar: boolean;
  Value: string;
}

/** "…" or $"…". Lit parts inside keep their backslashes as written. */
export interface DblQuoted extends Node {
  type: 'DblQuoted';
  Left: Pos;
  Right: Pos;
  Dollar: boolean;
  Parts: WordPart[];
}

/** $(…) or `…` */
export interface CmdSubst extends Node {
  type: 'CmdSubst';
  Left: Pos;
  Right: Pos;
  Stmts: Stmt[];
  Last: Comment[];
  Backquotes: boolean;
  TempFile: boolean; // ${ cmd;} (mksh) — never produced for bash
  ReplyVar: boolean; // ${| cmd;} (mksh) — never produced for bash
}

export type ParExpOperator =
  | '+' | ':+' | '-' | ':-' | '?' | ':?' | '=' | ':='
  | '%' | '%%' | '#' | '##'
  | ',' | ',,' | '^' | '^^'
  | '~' | '~~' // bash's case toggle (undocumented, bash 4.0+)
  | '@';

export type ParNamesOperator = '*' | '@';

export interface ParamExp extends Node {
  type: 'ParamExp';
  Dollar: Pos;
  Rbrace: Pos; // -1 for the short form
  Short: boolean; // $a rather than ${a}
  Excl: boolean; // ${!a}
  Length: boolean; // ${#a}
  Width: boolean; // ${%a} (mksh) — never produced for bash
  Param: Lit;
  Index: ArithmExpr | null; // ${a[i]}; `@`/`*` are Words
  Slice: Slice | null; // ${a:o:l}
  Repl: Replace | null; // ${a/p/r}
  Names: ParNamesOperator | null; // ${!prefix*} / ${!prefix@}
  Exp: Expansion | null; // ${a:-w}, ${a#p}, ${a@Q} …
  /**
   * Not in mvdan/sh; set only by the bashCompat pass, to the expansion's text as written (`${x!}`,
   * `${%}`, `${x:}`, `${a[]}`): bash parses it and fails when it expands it, with
   * `${x!}: bad substitution` (status 1, the rest of that command line is abandoned). The other
   * fields are then empty (Param a zero-width Lit), except for `${a[]}`, which keeps its parse.
   */
  Invalid?: string;
}

export interface Slice extends Node {
  type: 'Slice';
  Offset: ArithmExpr;
  Length: ArithmExpr | null;
}

export interface Replace extends Node {
  type: 'Replace';
  All: boolean; // //
  Orig: Word; // may carry a leading '#' or '%' anchor as in ${a/#p/r}: see Anchor
  With: Word | null;
  /** Not in mvdan/sh (it keeps '#'/'%' inside Orig); ours is split out: '' | '#' | '%'. */
  Anchor?: '' | '#' | '%';
}

export interface Expansion extends Node {
  type: 'Expansion';
  Op: ParExpOperator;
  Word: Word | null;
}

export interface ArithmExp extends Node {
  type: 'ArithmExp';
  Left: Pos;
  Right: Pos;
  Bracket: boolean; // $[…] (deprecated form)
  Unsigned: boolean; // mksh only
  X: ArithmExpr | null; // $(( )) is allowed and evaluates to 0
}

export type ProcOperator = '<(' | '>(';

export interface ProcSubst extends Node {
  type: 'ProcSubst';
  OpPos: Pos;
  Rparen: Pos;
  Op: ProcOperator;
  Stmts: Stmt[];
  Last: Comment[];
}

export type GlobOperator = '?(' | '*(' | '+(' | '@(' | '!(';

export interface ExtGlob extends Node {
  type: 'ExtGlob';
  OpPos: Pos;
  Op: GlobOperator;
  Pattern: Lit; // the text between the parentheses, as written
}

/** Produced by the brace-expansion splitter (expand time), never by the parser, as in mvdan/sh. */
export interface BraceExp extends Node {
  type: 'BraceExp';
  Sequence: boolean; // {a..b[..c]}
  Elems: Word[];
}

// ---------------------------------------------------------------- arithmetic

export type BinAritOperator =
  | '+' | '-' | '*' | '/' | '%' | '**'
  | '==' | '>' | '<' | '!=' | '<=' | '>='
  | '&' | '|' | '^' | '<<' | '>>'
  | '&&' | '||'
  | ','
  | '?' | ':' // ternary: BinaryArithm{Op:'?', X: cond, Y: BinaryArithm{Op:':', X: a, Y: b}}
  | '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=';

export type UnAritOperator = '!' | '~' | '++' | '--' | '+' | '-';

/** A Word inside arithmetic is a number, a variable name (Lit) or an expansion to evaluate. */
export type ArithmExpr = BinaryArithm | UnaryArithm | ParenArithm | Word;

export interface BinaryArithm extends Node {
  type: 'BinaryArithm';
  OpPos: Pos;
  Op: BinAritOperator;
  X: ArithmExpr;
  Y: ArithmExpr;
}

export interface UnaryArithm extends Node {
  type: 'UnaryArithm';
  OpPos: Pos;
  Op: UnAritOperator;
  Post: boolean; // x++ rather than ++x
  X: ArithmExpr;
}

export interface ParenArithm extends Node {
  type: 'ParenArithm';
  Lparen: Pos;
  Rparen: Pos;
  X: ArithmExpr;
}

// ---------------------------------------------------------------- [[ ]]

export type UnTestOperator =
  | '-e' | '-f' | '-d' | '-c' | '-b' | '-p' | '-S' | '-L' | '-h' | '-k' | '-g' | '-u'
  | '-G' | '-O' | '-N' | '-r' | '-w' | '-x' | '-s' | '-t' | '-z' | '-n' | '-o' | '-v' | '-R' | '-a'
  | '!';

export type BinTestOperator =
  | '=~' | '-nt' | '-ot' | '-ef' | '-eq' | '-ne' | '-le' | '-ge' | '-lt' | '-gt'
  | '&&' | '||' | '==' | '=' | '!=' | '<' | '>';

export type TestExpr = BinaryTest | UnaryTest | ParenTest | Word;

export interface BinaryTest extends Node {
  type: 'BinaryTest';
  OpPos: Pos;
  Op: BinTestOperator;
  X: TestExpr;
  Y: TestExpr;
}

export interface UnaryTest extends Node {
  type: 'UnaryTest';
  OpPos: Pos;
  Op: UnTestOperator;
  X: TestExpr;
}

export interface ParenTest extends Node {
  type: 'ParenTest';
  Lparen: Pos;
  Rparen: Pos;
  X: TestExpr;
}

export type AnyNode =
  | File | Stmt | Command | Redirect | Assign | ArrayExpr | ArrayElem | WordIter | CStyleLoop
  | CaseItem | Word | WordPart | Slice | Replace | Expansion | ArithmExpr | TestExpr | Comment;
