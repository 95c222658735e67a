/**
 * The spec's words, as a browser test compares them with a page: src/domain's messages are read in the reader's
 * language (domain/translate.ts), and this process has none until one is active, so `messages.clientDeleted` would
 * throw. The tests assert the English pages: import this first, and they read the English catalogues, as Vitest does
 * (test/support/english.ts).
 */
import "../test/support/english.ts";
