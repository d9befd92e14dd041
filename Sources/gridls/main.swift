import CSystem
import GridlsCLI

#if canImport(Glibc)
import Glibc
#endif

// A reader that goes away (`gridls format x | head`) must not kill the process with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
#if canImport(Glibc)
// Tables are read and printed one after another, each making and freeing its arrays: with glibc's default
// 128 KB of slack, the heap's top was handed back to the system and taken again (and its pages faulted in
// anew) from table to table, a tenth of formatting a document of long grid tables. 4 MB of slack stops
// that and holds at most 4 MB of freed memory.
_ = mallopt(M_TOP_PAD, 4 << 20)
#endif
exit(CommandRunner.run(CommandRunner.commandLineArguments))
