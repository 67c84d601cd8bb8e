// Types for scenario-runner.mjs (kept in JavaScript so the .mjs entry points need no build step).

export interface ScenarioFile {
  path: string;
  content?: string;
  /** permission bits (YAML 1.1 octal: `chmod: 0644` is 0o644) */
  chmod?: number;
  /** create a symlink with this target instead of a file */
  symlink?: string;
  /** RFC 3339 time for atime and mtime (applied without following symlinks) */
  modTime?: string;
}

export interface ScenarioExpect {
  stdout?: string;
  stdoutUnordered?: string;
  stdoutContains?: string[];
  stderr?: string;
  stderrContains?: string[];
  exitCode: number;
}

export interface Scenario {
  path: string;
  description: string;
  skipAssertAgainstBash: boolean;
  containerized: boolean;
  files: ScenarioFile[];
  script: string;
  /** exported for the bash run only */
  envs: Record<string, string>;
  /** passed to rshell as its initial environment */
  interpreterEnv: Record<string, string>;
  allowedPaths?: string[];
  allowedCommands?: string[];
  allowAllCommands?: boolean;
  mode?: string;
  expect: ScenarioExpect;
}

export const SUITE_ROOT: string;
export const KNOWN_FAILURES_FILE: string;

// the format
export function findScenarioFiles(roots: string[]): string[];
export function loadScenario(path: string): Scenario;
export function setupScenarioDir(scenario: Scenario, dir: string): void;
export function resolveAllowedPaths(entries: string[] | undefined, dir: string): string[] | undefined;
export function commandPolicy(scenario: Scenario): string[] | 'all';

// checking
export function checkOutcome(expect: ScenarioExpect, stdout: string, stderr: string, exitCode: number): string | null;
export function lineDiff(expected: string, actual: string, maxLines?: number): string;
export function describeFailure(expect: ScenarioExpect, stdout: string, stderr: string, exitCode: number): string | null;

// running
/** the subset of RunnerOptions / RunResult the harness uses (kept structural: no import of src/) */
export interface HarnessRunnerOptions {
  allowedPaths: string[];
  allowedCommands: string[] | 'all';
  env: Record<string, string>;
  cwd: string;
  mode?: 'read-only' | 'remediation';
}
export interface HarnessRunner {
  run(script: string, opts?: { stdin?: string }): Promise<{ exitCode: number; stdout?: string; stderr?: string }>;
}
export type RunnerFactory = (opts: HarnessRunnerOptions) => HarnessRunner;
export interface ScenarioOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** null when the scenario passed, else a report with diffs */
  failure: string | null;
}
export function runnerOptionsFor(scenario: Scenario, dir: string): HarnessRunnerOptions;
export function runScenarioInProcess(scenario: Scenario, makeRunner: RunnerFactory): Promise<ScenarioOutcome>;
export function builtRunnerFactory(extraOptions?: Record<string, unknown>): Promise<RunnerFactory>;
export const DEFAULT_CLI: string;
export function cliArgv(scenario: Scenario, dir: string): string[];
export function runScenarioCli(scenario: Scenario, opts?: { cli?: string; timeoutS?: number }): Promise<ScenarioOutcome>;
export const BASH_DOCKER_IMAGE: string;
export function dockerWorks(): boolean;
export function localBashVersion(): string;
export function runScenarioBash(scenario: Scenario): Promise<ScenarioOutcome>;
export function runScenariosBashDocker(scenarios: Scenario[], opts?: { locally?: boolean }): ScenarioOutcome[];

// suites
export interface SuiteEntry {
  scenario: Scenario;
  /** the root (file or directory) it was found under */
  root: string;
}
export type SuiteResult = SuiteEntry & ScenarioOutcome;
export function loadSuite(roots: string[], opts?: { onlyBashAsserted?: boolean; writable?: boolean }): SuiteEntry[];
export function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]>;
export function runSuite(entries: SuiteEntry[], run: (scenario: Scenario) => Promise<ScenarioOutcome>, jobs: number): Promise<SuiteResult[]>;
export function scenarioGroup(path: string, root: string): string;
export function groupTable(results: SuiteResult[], multipleRoots: boolean): string[];
export function failureLog(results: SuiteResult[]): string;
export function loadKnownFailures(file?: string): Map<string, string>;
export function compareWithKnownFailures(
  results: SuiteResult[],
  known: Map<string, string>,
): { failing: Map<string, string>; added: string[]; fixed: string[] };
export function writeKnownFailures(failing: Map<string, string>, file?: string): void;
