// What Swift's Glibc module leaves out: extended attributes and Linux's fallocate, which `gridls format -i`
// needs (to carry the attributes to the file that replaces the original, to reserve space before writing
// in place), and glibc's mallopt, which the executable tunes the allocator with.
#include <sys/types.h>
#include <sys/xattr.h>
#include <malloc.h>

int fallocate(int fd, int mode, off_t offset, off_t len);
