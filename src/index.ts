// rshell's library entry point.
export * from './syntax/index.js';
