import GridlsCLI

#if canImport(Glibc)
import Glibc
#endif

// A reader that goes away (`gridls format x | head`) must not kill the process with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
exit(CommandRunner.run(Array(CommandLine.arguments.dropFirst())))
