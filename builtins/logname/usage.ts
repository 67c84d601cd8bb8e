export const LOGNAME_USAGE = `Usage: logname [OPTION]
Print the user's login name.

      --help        display this help and exit
      --version     output version information and exit

`;
