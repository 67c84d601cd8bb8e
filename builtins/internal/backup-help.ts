// The note on backup suffixes and VERSION_CONTROL that GNU prints at the end of both cp's and
// mv's --help (GNU's emit_backup_suffix_note), kept once for both.

export const BACKUP_SUFFIX_NOTE = `The backup suffix is '~', unless set with --suffix or SIMPLE_BACKUP_SUFFIX.
The version control method may be selected via the --backup option or through
the VERSION_CONTROL environment variable.  Here are the values:

  none, off       never make backups (even if --backup is given)
  numbered, t     make numbered backups
  existing, nil   numbered if numbered backups exist, simple otherwise
  simple, never   always make simple backups
`;
