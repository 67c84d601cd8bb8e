// The reserved words that end each kind of statement list, as shared constants: an array literal
// at each call would allocate a new array for every list parsed.

export const NO_STOPS: readonly string[] = [];
export const STOP_RBRACE: readonly string[] = ['}'];
export const STOP_THEN: readonly string[] = ['then'];
export const STOP_THEN_BODY: readonly string[] = ['fi', 'elif', 'else'];
export const STOP_FI: readonly string[] = ['fi'];
export const STOP_DO: readonly string[] = ['do'];
export const STOP_DONE: readonly string[] = ['done'];
export const STOP_ESAC: readonly string[] = ['esac'];
