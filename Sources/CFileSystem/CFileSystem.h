// What Swift's Glibc module leaves out and `gridls format -i` needs: extended attributes (to carry them to
// the file that replaces the original) and Linux's fallocate (to reserve space before writing in place).
#include <sys/types.h>
#include <sys/xattr.h>

int fallocate(int fd, int mode, off_t offset, off_t len);
