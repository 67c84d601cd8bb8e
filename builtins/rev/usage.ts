// rev --help as util-linux 2.38.1 prints it (Debian 12)
export const REV_USAGE = `Usage: rev [options] [file ...]

Reverse lines characterwise.

Options:
 -h, --help     display this help
 -V, --version  display version

For more details see rev(1).
`;
