// The bash release whose behaviour rshell follows (Debian 12's bash 5.2.15), in the forms bash
// shows it: $BASH_VERSION, $BASH_VERSINFO, and the prompt escapes \v and \V. Scripts that check
// for bash 4+ features (`(( BASH_VERSINFO[0] >= 4 ))`) read these.

export const BASH_RELEASE = '5.2';
export const BASH_PATCHED = '5.2.15';
export const BASH_VERSINFO = ['5', '2', '15', '1', 'release', 'x86_64-pc-linux-gnu'] as const;
export const BASH_VERSION_TEXT = `${BASH_PATCHED}(${BASH_VERSINFO[3]})-${BASH_VERSINFO[4]}`;
